import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setSchemaKey } from '../model/edits';
import { NumberOption } from './controls';
import { partsOf, pathId, type PanelProps } from './panelProps';

/** A secret (a password, an API key): what it means for the dealer and staff, and its length. */
export function SecretPanel({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { schema } = partsOf(file, node);
  const id = pathId(node.path);
  return (
    <Stack spacing={1.5} data-testid="panel-secret">
      <Alert severity="info">{t(`${W}.secret.explain`)}</Alert>
      <NumberOption label={t(`${W}.maxLength`)} value={schema.maxLength} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'maxLength', v))} disabled={disabled} testId={`maxLength-${id}`} step={1} />
    </Stack>
  );
}
