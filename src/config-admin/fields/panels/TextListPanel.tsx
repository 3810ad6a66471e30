import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setSchemaKey } from '../model/edits';
import { ITEMS } from '../model/types';
import { NumberOption } from './controls';
import { partsOf, pathId, type PanelProps } from './panelProps';
import { schemaAt } from '../model/tree';

/** A list of texts (tags, lines): how many, and how long each may be. */
export function TextListPanel({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { schema } = partsOf(file, node);
  const items = schemaAt(file, [...node.path, ITEMS]) ?? {};
  const id = pathId(node.path);
  return (
    <Stack spacing={1.5} data-testid="panel-textList">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1 }}>
        <NumberOption label={t(`${W}.minItems`)} value={schema.minItems} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'minItems', v))} disabled={disabled} testId={`minItems-${id}`} step={1} />
        <NumberOption label={t(`${W}.maxItems`)} value={schema.maxItems} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'maxItems', v))} disabled={disabled} testId={`maxItems-${id}`} step={1} />
        <NumberOption label={t(`${W}.itemMaxLength`)} value={items.maxLength} onChange={(v) => apply((d) => setSchemaKey(d, [...node.path, ITEMS], 'maxLength', v))} disabled={disabled} testId={`itemMaxLength-${id}`} step={1} />
      </Box>
    </Stack>
  );
}
