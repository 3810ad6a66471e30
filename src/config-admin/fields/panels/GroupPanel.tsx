import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setLayout } from '../model/edits';
import type { GroupLayout } from '../model/types';
import { GROUP_LAYOUTS } from '../palette';
import { SelectOption } from './controls';
import { pathId, type PanelProps } from './panelProps';

/** A section of fields: how it is laid out (plain, a card per field group, tabs, an accordion). */
export function GroupPanel({ node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  return (
    <Stack spacing={1.5} data-testid="panel-group">
      <SelectOption
        label={t(`${W}.layout`)}
        value={node.layout ?? 'plain'}
        values={GROUP_LAYOUTS}
        wordsOf={(l) => t(`${W}.groupLayouts.${l}`)}
        onChange={(l) => apply((d) => setLayout(d, node.path, l as GroupLayout))}
        disabled={disabled}
        testId={`layout-${pathId(node.path)}`}
        helperText={t(`${W}.groupLayoutHelp`)}
      />
    </Stack>
  );
}
