import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EDIT_LOCALES, W, type Apply } from './editorTypes';
import { addNode, FIELD_NAME, type NewNode, type OptionsFromSpec } from './model/edits';
import type { FieldPath, GroupLayout, ListLayout, WidgetKind } from './model/types';
import { NO_SOURCE, OptionsFromPicker } from './OptionsFromPicker';
import { GROUP_LAYOUTS, LIST_LAYOUTS, PALETTE, REMOTE_SOURCE_NAMES } from './palette';
import { SelectOption } from './panels/controls';
import { pathId } from './panels/panelProps';
import type { StageDraftValue } from './model/types';

/**
 * "Add a field" to a group or a list's items: the kind from a palette, the property name, its label
 * per locale, required, and what the kind cannot do without (choices, where options come from,
 * a remote source, a layout). The rest is set in the new field's panel, which opens after adding.
 */
export function AddNodeForm({ draft, container, apply, disabled, onAdded, onCancel }: { draft: StageDraftValue; container: FieldPath; apply: Apply; disabled?: boolean; onAdded(name: string): void; onCancel(): void }) {
  const { t } = useTranslation('configAdmin');
  const [kind, setKind] = useState<WidgetKind>('text');
  const [name, setName] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [required, setRequired] = useState(false);
  const [choices, setChoices] = useState('');
  const [source, setSource] = useState<string>(REMOTE_SOURCE_NAMES[0] ?? '');
  const [optionsFrom, setOptionsFrom] = useState<OptionsFromSpec>(NO_SOURCE);
  const [groupLayout, setGroupLayout] = useState<GroupLayout>('plain');
  const [listLayout, setListLayout] = useState<ListLayout>('table');
  const [more, setMore] = useState(false);
  const prefix = `add-${pathId(container)}`;
  const badName = name !== '' && !FIELD_NAME.test(name);
  const choiceList = choices.split(',').map((c) => c.trim()).filter(Boolean);
  const missing = (kind === 'choice' || kind === 'multiChoice') && !choiceList.length ? 'choices' : kind === 'optionsFrom' && !optionsFrom.list ? 'optionsFrom' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const spec: NewNode = {
      name: name.trim(),
      kind,
      labels,
      required,
      ...(kind === 'choice' || kind === 'multiChoice' ? { choices: choiceList } : {}),
      ...(kind === 'optionsFrom' ? { optionsFrom } : {}),
      ...(kind === 'remoteSelect' ? { source } : {}),
      ...(kind === 'group' ? { layout: groupLayout } : kind === 'list' ? { layout: listLayout } : {}),
    };
    if (apply((d) => addNode(d, container, spec))) onAdded(spec.name);
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 1.5, display: 'grid', gap: 1.5 }} aria-label={t(`${W}.add.title`)} data-testid={prefix}>
      <Typography variant="subtitle2" component="h4">
        {t(`${W}.add.title`)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))', gap: 1 }} data-testid={`${prefix}-palette`}>
        {PALETTE.map(({ group, kinds }) => (
          <Box key={group} role="group" aria-labelledby={`${prefix}-g-${group}`}>
            <Typography id={`${prefix}-g-${group}`} variant="caption" color="text.secondary" component="div">
              {t(`${W}.palette.${group}`)}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {kinds.map((k) => (
                <Button key={k} size="small" variant={kind === k ? 'contained' : 'outlined'} aria-pressed={kind === k} onClick={() => setKind(k)} disabled={disabled} data-testid={`${prefix}-kind-${k}`} sx={{ textTransform: 'none', py: 0 }}>
                  {t(`${W}.kinds.${k}`)}
                </Button>
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t(`${W}.about.${kind}`, { defaultValue: '' })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 1, alignItems: 'start' }}>
        <TextField size="small" label={t(`${W}.add.name`)} value={name} onChange={(e) => setName(e.target.value)} required disabled={disabled} error={badName} helperText={badName ? t(`${W}.add.nameBad`) : t(`${W}.add.nameHelp`)} slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, 'data-testid': `${prefix}-name` } }} />
        <FormControlLabel control={<Checkbox size="small" checked={required} onChange={(e) => setRequired(e.target.checked)} disabled={disabled} slotProps={{ input: { 'data-testid': `${prefix}-required` } as object }} />} label={t(`${W}.required`)} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {(more ? EDIT_LOCALES : EDIT_LOCALES.slice(0, 2)).map((locale) => (
          <TextField key={locale} size="small" label={t(`${W}.inLocale`, { what: t(`${W}.label`), locale })} value={labels[locale] ?? ''} onChange={(e) => setLabels({ ...labels, [locale]: e.target.value })} disabled={disabled} slotProps={{ htmlInput: { lang: locale, maxLength: 2000, 'data-testid': `${prefix}-label-${locale}` } }} />
        ))}
      </Box>
      <Box>
        <Button size="small" onClick={() => setMore(!more)} aria-expanded={more}>
          {more ? t(`${W}.fewerLocales`) : t(`${W}.allLocales`, { count: EDIT_LOCALES.length })}
        </Button>
      </Box>
      {(kind === 'choice' || kind === 'multiChoice') && (
        <TextField size="small" label={t(`${W}.add.choices`)} value={choices} onChange={(e) => setChoices(e.target.value)} disabled={disabled} helperText={t(`${W}.add.choicesHelp`)} slotProps={{ htmlInput: { spellCheck: false, 'data-testid': `${prefix}-choices` } }} />
      )}
      {kind === 'optionsFrom' && (
        <>
          <OptionsFromPicker draft={draft} spec={optionsFrom} onChange={setOptionsFrom} disabled={disabled} idPrefix={`${prefix}-of`} />
          <FormControlLabel control={<Checkbox size="small" checked={Boolean(optionsFrom.multiple)} onChange={(e) => setOptionsFrom({ ...optionsFrom, multiple: e.target.checked })} disabled={disabled} />} label={t(`${W}.optionsFrom.multiple`)} />
        </>
      )}
      {kind === 'remoteSelect' && <SelectOption label={t(`${W}.remote.source`)} value={source} values={REMOTE_SOURCE_NAMES} wordsOf={(s) => t(`${W}.remote.sources.${s}`, { defaultValue: s })} onChange={setSource} disabled={disabled} testId={`${prefix}-source`} />}
      {kind === 'group' && <SelectOption label={t(`${W}.layout`)} value={groupLayout} values={GROUP_LAYOUTS} wordsOf={(l) => t(`${W}.groupLayouts.${l}`)} onChange={(l) => setGroupLayout(l as GroupLayout)} disabled={disabled} testId={`${prefix}-layout`} />}
      {kind === 'list' && <SelectOption label={t(`${W}.layout`)} value={listLayout} values={LIST_LAYOUTS} wordsOf={(l) => t(`${W}.listLayouts.${l}`)} onChange={(l) => setListLayout(l as ListLayout)} disabled={disabled} testId={`${prefix}-layout`} />}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" startIcon={<AddIcon />} disabled={disabled || !name.trim() || badName || missing !== null} data-testid={`${prefix}-submit`}>
          {t(`${W}.add.submit`)}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t(`${W}.cancel`)}
        </Button>
      </Stack>
    </Paper>
  );
}
