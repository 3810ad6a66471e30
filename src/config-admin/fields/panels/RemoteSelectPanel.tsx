import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setUiOption } from '../model/edits';
import { REMOTE_SOURCE_NAMES } from '../palette';
import { SelectOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/** A record picked from the portal by searching: which records (the company's users, companies, showcases). */
export function RemoteSelectPanel({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { options } = partsOf(file, node);
  return (
    <Stack spacing={1.5} data-testid="panel-remoteSelect">
      <SelectOption
        label={t(`${W}.remote.source`)}
        value={stringOf(options.source)}
        values={REMOTE_SOURCE_NAMES}
        wordsOf={(s) => t(`${W}.remote.sources.${s}`, { defaultValue: s })}
        onChange={(s) => apply((d) => setUiOption(d, node.path, 'source', s))}
        disabled={disabled}
        testId={`remote-source-${pathId(node.path)}`}
        helperText={t(`${W}.remote.help`)}
      />
    </Stack>
  );
}
