import AddIcon from '@mui/icons-material/Add';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import TranslateIcon from '@mui/icons-material/Translate';
import { Alert, Box, Button, Checkbox, Chip, Collapse, FormControlLabel, IconButton, MenuItem, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addChoice, addField, containers, EditError, FIELD_TYPES, labelKey, listFields, moveField, setLabel, setRequired, type FieldSummary, type FieldType, type StageDraftValue } from './structuredEdits';

/** The portal's locales, English and French first (the texts a new field needs at least). */
export const EDIT_LOCALES = ['en-GB', 'fr-FR', 'en-AU', 'en-ZA', 'fr-BE', 'nl-NL', 'nl-BE'] as const;

export interface StructuredEditorProps {
  draft: StageDraftValue;
  onChange(draft: StageDraftValue): void;
  disabled?: boolean;
}

type Apply = (edit: (draft: StageDraftValue) => StageDraftValue) => boolean;

/** A text of the draft, else the portal's (the words the form shows now). */
function useTextOf(draft: StageDraftValue) {
  const { t, i18n } = useTranslation(['configAdmin', 'configurator']);
  return (key: string | null, locale = i18n.language) => {
    if (!key) return '';
    const bare = labelKey(key);
    if (!bare) return key;
    const drafted = draft.labels[locale]?.[bare];
    if (drafted !== undefined) return drafted;
    const portal = i18n.getResource(locale, 'configurator', bare) as unknown;
    return typeof portal === 'string' ? portal : locale === i18n.language ? t(key, { defaultValue: '' }) : '';
  };
}

/** One text in each locale (a field's label, a choice's words). */
function LocaleTexts({ draft, textKey, onChange, disabled, idPrefix }: { draft: StageDraftValue; textKey: string; onChange: (locale: string, text: string) => void; disabled?: boolean; idPrefix: string }) {
  const { t, i18n } = useTranslation('configAdmin');
  const bare = labelKey(textKey) ?? textKey;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
      {EDIT_LOCALES.map((locale) => {
        const portal = i18n.getResource(locale, 'configurator', bare) as unknown;
        return (
          <TextField
            key={locale}
            size="small"
            label={t('stages.fields.labelIn', { locale })}
            value={draft.labels[locale]?.[bare] ?? ''}
            placeholder={typeof portal === 'string' ? portal : ''}
            onChange={(e) => onChange(locale, e.target.value)}
            disabled={disabled}
            slotProps={{ htmlInput: { lang: locale, maxLength: 2000, 'data-testid': `${idPrefix}-${locale}` } }}
          />
        );
      })}
    </Box>
  );
}

function FieldRow({ draft, container, field, index, count, apply, disabled }: { draft: StageDraftValue; container: string[]; field: FieldSummary; index: number; count: number; apply: Apply; disabled?: boolean }) {
  const { t } = useTranslation('configAdmin');
  const textOf = useTextOf(draft);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [choiceTexts, setChoiceTexts] = useState<Record<string, string>>({});
  const title = textOf(field.title) || field.name;
  const key = labelKey(field.title);
  const addOne = (e: FormEvent) => {
    e.preventDefault();
    if (apply((d) => addChoice(d, container, field.name, choice, choiceTexts))) {
      setChoice('');
      setChoiceTexts({});
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', py: 1 }} data-testid="field-row" data-field={field.name}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="field-title">
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {field.name} · {field.shape ? t('stages.fields.shape', { shape: field.shape }) : t(`stages.fields.types.${field.type}`, { defaultValue: field.type })}
          </Typography>
        </Box>
        {field.choices && <Chip size="small" label={t('stages.fields.choiceCount', { count: field.choices.length })} />}
        <FormControlLabel
          control={<Switch size="small" checked={field.required} onChange={(e) => apply((d) => setRequired(d, container, field.name, e.target.checked))} disabled={disabled} />}
          label={t('stages.fields.required')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Tooltip title={t('stages.fields.texts', { name: field.name })}>
          <span>
            <IconButton size="small" aria-label={t('stages.fields.texts', { name: field.name })} aria-expanded={open} onClick={() => setOpen(!open)} disabled={!key && !field.choices} data-testid="field-texts">
              <TranslateIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('stages.fields.up', { name: field.name })}>
          <span>
            <IconButton size="small" aria-label={t('stages.fields.up', { name: field.name })} onClick={() => apply((d) => moveField(d, container, field.name, -1))} disabled={disabled || index === 0} data-testid="field-up">
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('stages.fields.down', { name: field.name })}>
          <span>
            <IconButton size="small" aria-label={t('stages.fields.down', { name: field.name })} onClick={() => apply((d) => moveField(d, container, field.name, 1))} disabled={disabled || index === count - 1} data-testid="field-down">
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack spacing={1.5} sx={{ pt: 1, pl: { sm: 2 } }}>
          {key ? (
            <>
              <Typography variant="caption" color="text.secondary">
                {t('stages.fields.labelKey', { key: field.title })}
              </Typography>
              <LocaleTexts draft={draft} textKey={key} onChange={(locale, text) => apply((d) => setLabel(d, key, locale, text))} disabled={disabled} idPrefix={`field-label-${field.name}`} />
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('stages.fields.noKey')}
            </Typography>
          )}
          {field.choices && (
            <Box component="form" onSubmit={addOne} sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="subtitle2" component="h4">
                {t('stages.fields.choices')}
              </Typography>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                {field.choices.length ? field.choices.map((c) => <Chip key={c} size="small" variant="outlined" label={c} />) : <Typography variant="body2">{t('stages.fields.noChoices')}</Typography>}
              </Stack>
              <TextField size="small" label={t('stages.fields.choiceValue')} value={choice} onChange={(e) => setChoice(e.target.value)} disabled={disabled} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'choice-value' } }} />
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
                {EDIT_LOCALES.slice(0, 2).map((locale) => (
                  <TextField
                    key={locale}
                    size="small"
                    label={t('stages.fields.choiceIn', { locale })}
                    value={choiceTexts[locale] ?? ''}
                    onChange={(e) => setChoiceTexts({ ...choiceTexts, [locale]: e.target.value })}
                    disabled={disabled}
                    slotProps={{ htmlInput: { lang: locale, maxLength: 2000 } }}
                  />
                ))}
              </Box>
              <Box>
                <Button type="submit" size="small" variant="outlined" startIcon={<AddIcon />} disabled={disabled || !choice.trim()} data-testid="choice-add">
                  {t('stages.fields.addChoice')}
                </Button>
              </Box>
            </Box>
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}

/** "Add a field" at the end of a container: name, type, required, its label in each locale, a choice field's choices. */
function AddFieldForm({ container, apply, disabled }: { container: string[]; apply: Apply; disabled?: boolean }) {
  const { t } = useTranslation('configAdmin');
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const [required, setRequiredBox] = useState(false);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState('');
  const [more, setMore] = useState(false);
  const prefix = container.length ? `field-add-${container.join('-')}` : 'field-add';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const done = apply((d) => addField(d, container, { name, type, required, labels, choices: type === 'choice' ? choices.split(',') : undefined }));
    if (done) {
      setName('');
      setLabels({});
      setChoices('');
      setRequiredBox(false);
    }
  };
  const shown = more ? EDIT_LOCALES : EDIT_LOCALES.slice(0, 2);
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1, pt: 1.5 }} aria-label={t('stages.fields.add')} data-testid={prefix}>
      <Typography variant="subtitle2" component="h4">
        {t('stages.fields.add')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, gap: 1, alignItems: 'center' }}>
        <TextField size="small" label={t('stages.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required disabled={disabled} helperText={t('stages.fields.nameHelp')} slotProps={{ htmlInput: { maxLength: 64, 'data-testid': `${prefix}-name`, spellCheck: false } }} />
        <TextField select size="small" label={t('stages.fields.type')} value={type} onChange={(e) => setType(e.target.value as FieldType)} disabled={disabled} slotProps={{ htmlInput: { 'data-testid': `${prefix}-type` } }}>
          {FIELD_TYPES.map((ft) => (
            <MenuItem key={ft} value={ft}>
              {t(`stages.fields.newTypes.${ft}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Checkbox size="small" checked={required} onChange={(e) => setRequiredBox(e.target.checked)} disabled={disabled} />} label={t('stages.fields.required')} />
      </Box>
      {type === 'choice' && (
        <TextField size="small" label={t('stages.fields.choicesList')} value={choices} onChange={(e) => setChoices(e.target.value)} disabled={disabled} helperText={t('stages.fields.choicesHelp')} slotProps={{ htmlInput: { 'data-testid': `${prefix}-choices` } }} />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {shown.map((locale) => (
          <TextField
            key={locale}
            size="small"
            label={t('stages.fields.labelIn', { locale })}
            value={labels[locale] ?? ''}
            onChange={(e) => setLabels({ ...labels, [locale]: e.target.value })}
            disabled={disabled}
            slotProps={{ htmlInput: { lang: locale, maxLength: 2000, 'data-testid': `${prefix}-label-${locale}` } }}
          />
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" startIcon={<AddIcon />} disabled={disabled || !name.trim()} data-testid={`${prefix}-submit`}>
          {t('stages.fields.addButton')}
        </Button>
        <Button size="small" onClick={() => setMore(!more)} aria-expanded={more}>
          {more ? t('stages.fields.fewerLocales') : t('stages.fields.moreLocales')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The structured mode of the stage editor: the stage's fields and those of its inline objects, in
 * form order, to reorder, make required, label in each locale and give choices; and a field to add
 * per object. Every edit is a function of structuredEdits.ts on the same draft the JSON tab shows.
 */
export function StructuredEditor({ draft, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation('configAdmin');
  const textOf = useTextOf(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const apply: Apply = (edit) => {
    try {
      const next = edit(draft);
      setProblem(null);
      if (next !== draft) onChange(next);
      return true;
    } catch (error) {
      if (!(error instanceof EditError)) throw error;
      setProblem(error.message);
      return false;
    }
  };
  const groups = containers(draft.file);
  if (!groups.length) return <Alert severity="info">{t('stages.fields.notAStage')}</Alert>;
  return (
    <Stack spacing={2} data-testid="structured-editor">
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} data-testid="structured-problem">
          {problem}
        </Alert>
      )}
      {groups.map((container) => {
        const fields = listFields(draft.file, container);
        const top = container.length ? listFields(draft.file, []).find((f) => f.name === container[0]) : null;
        return (
          <Paper key={container.join('/') || '.'} variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="field-group" data-container={container.join('/')}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {container.length ? t('stages.fields.objectFields', { name: (top && textOf(top.title)) || container.join('.') }) : t('stages.fields.stageFields')}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {fields.map((field, i) => (
                <FieldRow key={field.name} draft={draft} container={container} field={field} index={i} count={fields.length} apply={apply} disabled={disabled} />
              ))}
            </Box>
            <AddFieldForm container={container} apply={apply} disabled={disabled} />
          </Paper>
        );
      })}
    </Stack>
  );
}
