import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useConfiguratorT } from '../i18n';
import { hiddenLabelName } from './hiddenLabel';
import { renderMarkdown } from './markdown';
import { textFieldProps } from './textFieldProps';

/**
 * `"ui:widget": "markdown"`: a textarea (rows default 3, `ui:options.rows`) with a rendered preview tab.
 * @example { "background": { "ui:widget": "markdown", "ui:options": { "rows": 6 } } }
 */
export function MarkdownWidget(props: WidgetProps) {
  const { id, readonly, options } = props;
  const t = useConfiguratorT();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const field = textFieldProps(props);
  const text = field.value;
  const html = useMemo(() => (tab === 'preview' ? renderMarkdown(text) : ''), [tab, text]);
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <Box className="stage-markdown">
      <Tabs value={tab} onChange={(_, v: 'write' | 'preview') => setTab(v)} sx={{ minHeight: 32 }}>
        <Tab value="write" label={t('markdown.write', { defaultValue: 'Write' })} sx={{ minHeight: 32, py: 0 }} />
        <Tab value="preview" label={t('markdown.preview', { defaultValue: 'Preview' })} sx={{ minHeight: 32, py: 0 }} />
      </Tabs>
      {tab === 'write' ? (
        <TextField
          {...field}
          multiline
          minRows={rows}
          fullWidth
          slotProps={{ htmlInput: { readOnly: readonly, 'aria-label': hiddenLabelName(props), 'aria-describedby': ariaDescribedByIds(id) } }}
        />
      ) : (
        <Box
          data-testid={`${id}__preview`}
          sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: rows * 24, '& p': { my: 0.5 } }}
          // renderMarkdown escapes raw HTML and unsafe links.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Box>
  );
}
