import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_STAGE_LIMITS } from '../../../contract/born-stages';
import { CatalogueRefused, createStage } from './api';
import { NEW_STAGE_LOCALES, isShippedSlug, isStageSlug, placeIn, slugFromTitle, stageSections } from './newStage';

export interface NewStageDialogProps {
  onClose(): void;
  /** The stage was made: its editor opens (at its slug). */
  onCreated(slug: string, message: string): void;
}

/** English and French first (a new stage's title at least); the others behind "More languages". */
const FIRST_LOCALES = NEW_STAGE_LOCALES.slice(0, 2);
const MORE_LOCALES = NEW_STAGE_LOCALES.slice(2);

/**
 * "New stage" (issue 56, server/catalogue/README.md "Born stages"): a stage from nothing, for staff
 * who know no JSON. Its title per language, its name in addresses (the slug, suggested from the
 * English title until it is typed), its section, place, audience and whether dealers must fill it.
 * It makes the stage's shared draft with no fields yet; the editor opens on it, and its first
 * publish is version 1.
 */
export function NewStageDialog({ onClose, onCreated }: NewStageDialogProps) {
  const { t } = useTranslation(['configAdmin', 'configurator']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const sections = useMemo(() => stageSections(), []);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [section, setSection] = useState(sections[0] ?? '');
  const [order, setOrder] = useState(() => String(placeIn(sections[0] ?? '')));
  const [audience, setAudience] = useState<'dealer' | 'internal'>('dealer');
  const [required, setRequired] = useState(false);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<CatalogueRefused | null>(null);

  // The slug follows the English title until staff type one of their own.
  const slug = typedSlug ?? slugFromTitle(titles['en-GB'] ?? '');
  const english = (titles['en-GB'] ?? '').trim();
  const place = Number(order);
  const slugProblem = !slug ? 'slugRequired' : !isStageSlug(slug) ? 'slugInvalid' : isShippedSlug(slug) ? 'slugShipped' : null;
  const placeProblem = order === '' || !Number.isInteger(place) || place < 0 || place > NEW_STAGE_LIMITS.order;
  const valid = !!english && !slugProblem && !placeProblem && !!section;
  const serverSays = (field: string) => refused?.problems.find((p) => p.field === field)?.detail;

  const pickSection = (next: string) => {
    setSection(next);
    setOrder(String(placeIn(next)));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || !valid) return;
    setBusy(true);
    setRefused(null);
    try {
      const made = await createStage({ slug, section, order: place, audience, required, title: titles }, t);
      onCreated(made.slug, made.message);
    } catch (err) {
      if (!(err instanceof CatalogueRefused)) throw err;
      setRefused(err);
    } finally {
      setBusy(false);
    }
  };

  const titleField = (locale: string) => (
    <TextField
      key={locale}
      label={t('stages.newStage.titleIn', { locale })}
      value={titles[locale] ?? ''}
      onChange={(e) => setTitles((prev) => ({ ...prev, [locale]: e.target.value }))}
      required={locale === 'en-GB'}
      autoFocus={locale === 'en-GB'}
      error={locale === 'en-GB' && ((touched && !english) || !!serverSays('title/en-GB'))}
      helperText={locale === 'en-GB' ? (serverSays('title/en-GB') ?? (touched && !english ? t('stages.newStage.titleRequired') : t('stages.newStage.titleHelp'))) : undefined}
      slotProps={{ htmlInput: { lang: locale, maxLength: NEW_STAGE_LIMITS.title, 'data-testid': `new-stage-title-${locale}` } }}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="new-stage-title" data-testid="new-stage-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-stage-title">{t('stages.newStage.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('stages.newStage.intro')}
            </Typography>
            {refused && (
              <Alert severity="error" data-testid="new-stage-refused">
                {refused.messages.join(' ')}
              </Alert>
            )}
            {FIRST_LOCALES.map(titleField)}
            {more && MORE_LOCALES.map(titleField)}
            <Box>
              <Button size="small" onClick={() => setMore((m) => !m)} aria-expanded={more} data-testid="new-stage-more-languages">
                {more ? t('stages.newStage.fewerLanguages') : t('stages.newStage.moreLanguages', { count: MORE_LOCALES.length })}
              </Button>
            </Box>
            <TextField
              label={t('stages.newStage.slug')}
              value={slug}
              onChange={(e) => setTypedSlug(e.target.value.trim())}
              required
              error={(touched || typedSlug !== null) && (!!slugProblem || !!serverSays('slug'))}
              helperText={serverSays('slug') ?? ((touched || typedSlug !== null) && slugProblem ? t(`stages.newStage.${slugProblem}`) : t('stages.newStage.slugHelp'))}
              slotProps={{ htmlInput: { maxLength: NEW_STAGE_LIMITS.slug, spellCheck: false, autoCapitalize: 'none', 'data-testid': 'new-stage-slug' } }}
            />
            <TextField select label={t('stages.newStage.section')} value={section} onChange={(e) => pickSection(e.target.value)} required slotProps={{ htmlInput: { 'data-testid': 'new-stage-section' } }}>
              {sections.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(s)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('stages.newStage.place')}
              type="number"
              value={order}
              onChange={(e) => setOrder(e.target.value)}
              required
              error={touched && placeProblem}
              helperText={t('stages.newStage.placeHelp')}
              slotProps={{ htmlInput: { min: 0, max: NEW_STAGE_LIMITS.order, step: 1, inputMode: 'numeric', 'data-testid': 'new-stage-place' } }}
            />
            <TextField select label={t('stages.newStage.audience')} value={audience} onChange={(e) => setAudience(e.target.value === 'internal' ? 'internal' : 'dealer')} helperText={t('stages.newStage.audienceHelp')} slotProps={{ htmlInput: { 'data-testid': 'new-stage-audience' } }}>
              <MenuItem value="dealer">{t('stages.dealer')}</MenuItem>
              <MenuItem value="internal">{t('stages.internal')}</MenuItem>
            </TextField>
            <FormControlLabel
              control={<Checkbox checked={required} onChange={(e) => setRequired(e.target.checked)} slotProps={{ input: { 'data-testid': 'new-stage-required' } as Record<string, string> }} />}
              label={t('stages.newStage.required')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('stages.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="new-stage-create">
            {t('stages.newStage.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
