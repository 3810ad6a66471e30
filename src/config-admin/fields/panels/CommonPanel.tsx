import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setRequired } from '../model/edits';
import { ensureTextKey, labelKey, setLabel } from '../model/texts';
import { LocaleTexts } from '../LocaleTexts';
import { ConditionsPanel } from './ConditionsPanel';
import { MessagesPanel } from './MessagesPanel';
import { SwitchOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/**
 * What every field has: its label and help per locale (missing translations as chips), required,
 * and the conditions that show it or make it required. A text written as plain words in the file
 * is shown as such; typing a locale's words gives it a key (`ensureTextKey`) first.
 */
export function CommonPanel(props: PanelProps) {
  const { store, file, node, apply, disabled } = props;
  const { t } = useTranslation('configAdmin');
  const { ui } = partsOf(file, node);
  const id = pathId(node.path);
  const help = stringOf(ui['ui:help']) || null;
  const description = stringOf(ui['ui:description']) || null;
  const write = (which: 'title' | 'help' | 'description') => (locale: string, text: string) =>
    apply((d) => {
      const made = ensureTextKey(d, node.path, which);
      return setLabel(made.draft, made.key, locale, text);
    });
  const plain = (text: string | null) =>
    text && !labelKey(text) ? (
      <Typography variant="caption" color="text.secondary">
        {t(`${W}.plainWords`, { words: text })}
      </Typography>
    ) : null;
  return (
    <Stack spacing={2} data-testid="panel-common">
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h4">
          {t(`${W}.label`)}
        </Typography>
        {plain(node.title)}
        <LocaleTexts store={store} textKey={node.title && labelKey(node.title) ? node.title : null} label={t(`${W}.label`)} onChange={write('title')} disabled={disabled} idPrefix={`label-${id}`} />
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h4">
          {t(`${W}.help`)}
        </Typography>
        {plain(help)}
        <LocaleTexts store={store} textKey={help && labelKey(help) ? help : null} label={t(`${W}.help`)} onChange={write('help')} disabled={disabled} multiline idPrefix={`help-${id}`} />
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h4">
          {t(`${W}.description`)}
        </Typography>
        {plain(description)}
        <LocaleTexts store={store} textKey={description && labelKey(description) ? description : null} label={t(`${W}.description`)} onChange={write('description')} disabled={disabled} multiline idPrefix={`description-${id}`} />
      </Stack>
      <SwitchOption label={t(`${W}.required`)} checked={node.required} onChange={(on) => apply((d) => setRequired(d, node.path, on))} disabled={disabled} testId={`required-${id}`} />
      {node.kind === 'shape' && <Alert severity="info">{t(`${W}.shapeInside`, { shape: node.shape ?? '' })}</Alert>}
      <MessagesPanel {...props} />
      <ConditionsPanel {...props} />
    </Stack>
  );
}
