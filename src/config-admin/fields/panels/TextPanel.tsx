import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setSchemaKey, setUiKey, setUiOption } from '../model/edits';
import { NumberOption, SelectOption } from './controls';
import { FormatCheckField } from './FormatCheckField';
import { partsOf, pathId, type PanelProps } from './panelProps';

/** A text (one line, several lines, or Markdown): its length, its rows, and a one-line text's format check. */
export function TextPanel(props: PanelProps) {
  const { file, node, apply, disabled } = props;
  const { t } = useTranslation('configAdmin');
  const { schema, options } = partsOf(file, node);
  const id = pathId(node.path);
  return (
    <Stack spacing={1.5} data-testid="panel-text">
      <SelectOption
        label={t(`${W}.shownAs`)}
        value={node.kind}
        values={['text', 'textarea', 'markdown']}
        wordsOf={(k) => t(`${W}.kinds.${k}`)}
        onChange={(k) => apply((d) => setUiKey(d, node.path, 'ui:widget', k === 'text' ? undefined : k))}
        disabled={disabled}
        testId={`shownAs-${id}`}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1 }}>
        <NumberOption label={t(`${W}.minLength`)} value={schema.minLength} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'minLength', v))} disabled={disabled} testId={`minLength-${id}`} step={1} />
        <NumberOption label={t(`${W}.maxLength`)} value={schema.maxLength} onChange={(v) => apply((d) => setSchemaKey(d, node.path, 'maxLength', v))} disabled={disabled} testId={`maxLength-${id}`} step={1} />
        {node.kind === 'textarea' && <NumberOption label={t(`${W}.rows`)} value={options.rows} onChange={(v) => apply((d) => setUiOption(d, node.path, 'rows', v))} disabled={disabled} testId={`rows-${id}`} step={1} />}
      </Box>
      {node.kind === 'text' && <FormatCheckField {...props} schema={schema} />}
    </Stack>
  );
}
