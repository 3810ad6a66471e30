import { Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setUiOption } from '../model/edits';
import { labelKey, setLabel } from '../model/texts';
import { LocaleTexts } from '../LocaleTexts';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/**
 * A value shown as a sentence, not typed: the sentence (`text`, `{{value}}` names the value), the
 * words when there is no value yet (`emptyText`) and a link. A sentence written as a key has its
 * words per locale; plain words are edited as they are.
 */
export function DisplayTextPanel({ store, file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { options } = partsOf(file, node);
  const id = pathId(node.path);
  const sentence = (option: 'text' | 'emptyText') => {
    const written = stringOf(options[option]);
    const key = labelKey(written);
    return (
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h4">
          {t(`${W}.display.${option}`)}
        </Typography>
        {key ? (
          <LocaleTexts store={store} textKey={written} label={t(`${W}.display.${option}`)} onChange={(locale, text) => apply((d) => setLabel(d, key, locale, text))} disabled={disabled} multiline idPrefix={`display-${option}-${id}`} />
        ) : (
          <TextField size="small" multiline label={t(`${W}.display.${option}`)} value={written} onChange={(e) => apply((d) => setUiOption(d, node.path, option, e.target.value || undefined))} disabled={disabled} slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': `display-${option}-${id}` } }} />
        )}
      </Stack>
    );
  };
  return (
    <Stack spacing={1.5} data-testid="panel-displayText">
      {sentence('text')}
      {sentence('emptyText')}
      <TextField size="small" label={t(`${W}.display.link`)} value={stringOf(options.link)} onChange={(e) => apply((d) => setUiOption(d, node.path, 'link', e.target.value || undefined))} disabled={disabled} helperText={t(`${W}.display.linkHelp`)} slotProps={{ htmlInput: { maxLength: 500, spellCheck: false, 'data-testid': `display-link-${id}` } }} />
    </Stack>
  );
}
