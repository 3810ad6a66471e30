import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setSchemaKey, setUiKey, setUiOption } from '../model/edits';
import { NumberOption, SwitchOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/** A number or a slider: whole numbers only, the least and most, the step and the unit shown beside it. */
export function NumberPanel({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { schema, options } = partsOf(file, node);
  const id = pathId(node.path);
  const key = (k: string) => (v: number | undefined) => apply((d) => setSchemaKey(d, node.path, k, v));
  return (
    <Stack spacing={1.5} data-testid="panel-number">
      <SwitchOption label={t(`${W}.integer`)} checked={schema.type === 'integer'} onChange={(on) => apply((d) => setSchemaKey(d, node.path, 'type', on ? 'integer' : 'number'))} disabled={disabled} testId={`integer-${id}`} />
      <SwitchOption label={t(`${W}.slider`)} checked={node.kind === 'slider'} onChange={(on) => apply((d) => setUiKey(d, node.path, 'ui:widget', on ? 'slider' : undefined))} disabled={disabled} testId={`slider-${id}`} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))', gap: 1 }}>
        <NumberOption label={t(`${W}.minimum`)} value={schema.minimum} onChange={key('minimum')} disabled={disabled} testId={`minimum-${id}`} />
        <NumberOption label={t(`${W}.maximum`)} value={schema.maximum} onChange={key('maximum')} disabled={disabled} testId={`maximum-${id}`} />
        <NumberOption label={t(`${W}.step`)} value={schema.multipleOf} onChange={key('multipleOf')} disabled={disabled} testId={`step-${id}`} />
        <TextField size="small" label={t(`${W}.unit`)} value={stringOf(options.unit)} onChange={(e) => apply((d) => setUiOption(d, node.path, 'unit', e.target.value || undefined))} disabled={disabled} slotProps={{ htmlInput: { maxLength: 20, 'data-testid': `unit-${id}` } }} />
      </Box>
    </Stack>
  );
}
