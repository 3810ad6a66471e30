import { Box, Collapse, FormHelperText, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationTranslations } from '../../../contract/tasks';
import { DisclosureToggle } from '../../forms/DisclosureToggle';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale } from '../../i18n/locales';
import { PlaceholderHelp } from './PlaceholderHelp';

/**
 * "Words in other languages" of a notification template (issue 55): its subject and body per
 * locale (contract/tasks.ts `notificationTranslations`), mailed to recipients who read that
 * language instead of the main ones. A disclosure under the subject and body, collapsed, saying how
 * many languages have words; open, a tab per locale but the default one (each named in its own
 * language) and that locale's Subject and Body with the placeholders listed. The draft keeps the
 * texts as typed; `cleanTranslations` makes the write body of them: a locale with both texts blank
 * is left out, and so is one with a single text, which says "Give both ..." beside the empty field.
 * The server's refusals on `translations.<locale>.subject|body` show beside their field, opening
 * the part on that locale.
 */

/** The texts as typed, per locale. */
export type TranslationDrafts = Partial<Record<Locale, { subject: string; body: string }>>;

/** The locales offered: all but the default one (the main subject and body), in LOCALE_NAMES' order. */
export const TRANSLATION_LOCALES = (Object.keys(LOCALE_NAMES) as Locale[]).filter((l) => l !== DEFAULT_LOCALE);

type State = 'empty' | 'half' | 'full';

/** Whether a locale has no words, only one of its two texts, or both. */
export function translationState(texts: { subject?: string; body?: string } | undefined): State {
  const given = [texts?.subject, texts?.body].filter((text) => (text ?? '').trim() !== '').length;
  return given === 2 ? 'full' : given === 1 ? 'half' : 'empty';
}

/** The translations as the API takes them: the locales with both texts, trimmed; `{}` when none. */
export function cleanTranslations(drafts: TranslationDrafts | null | undefined): NotificationTranslations {
  const out: NotificationTranslations = {};
  for (const locale of LOCALES) {
    const texts = drafts?.[locale];
    if (texts && translationState(texts) === 'full') out[locale] = { subject: texts.subject.trim(), body: texts.body.trim() };
  }
  return out;
}

/** Whether some locale has only one of its two texts (it is not sent). */
export const halfTranslated = (drafts: TranslationDrafts | null | undefined) => LOCALES.some((l) => translationState(drafts?.[l]) === 'half');

const FIELDS = ['subject', 'body'] as const;
type Field = (typeof FIELDS)[number];

export interface NotificationTranslationsFieldsProps {
  value: TranslationDrafts | null | undefined;
  onChange: (value: TranslationDrafts) => void;
  /** The dialog's field errors (the server's), of which this reads `translations`, `translations.<locale>` and `translations.<locale>.<field>`. */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
  /** Open from the start (stories). */
  defaultOpen?: boolean;
  /** The locale shown first when open. */
  defaultLocale?: Locale;
}

/** The disclosure and, open, the locale tabs with a Subject and a Body each. */
export function NotificationTranslationsFields({ value, onChange, errors = {}, disabled, defaultOpen = false, defaultLocale }: NotificationTranslationsFieldsProps) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const drafts = value ?? {};
  const errorKeys = Object.keys(errors).filter((key) => errors[key] && (key === 'translations' || key.startsWith('translations.')));
  const localeOfError = (key: string) => TRANSLATION_LOCALES.find((l) => key === `translations.${l}` || key.startsWith(`translations.${l}.`));
  const firstFailing = errorKeys.map(localeOfError).find(Boolean);
  const [open, setOpen] = useState(defaultOpen || errorKeys.length > 0);
  const [locale, setLocale] = useState<Locale>(firstFailing ?? defaultLocale ?? TRANSLATION_LOCALES.find((l) => translationState(drafts[l]) !== 'empty') ?? TRANSLATION_LOCALES[0]);
  // New refusals from the server open the part on the first locale they name, so their words are seen beside the field.
  const errorSignature = errorKeys.join();
  const [seenErrors, setSeenErrors] = useState(errorSignature);
  if (errorSignature !== seenErrors) {
    setSeenErrors(errorSignature);
    if (errorSignature) {
      setOpen(true);
      if (firstFailing) setLocale(firstFailing);
    }
  }

  const fieldError = (l: Locale, field: Field): string | undefined => {
    const server = errors[`translations.${l}.${field}`];
    if (server) return server;
    const texts = drafts[l];
    return translationState(texts) === 'half' && (texts?.[field] ?? '').trim() === '' ? t('notifications.translations.bothOrNeither') : undefined;
  };
  const localeFailing = (l: Locale) => Boolean(errors[`translations.${l}`]) || FIELDS.some((f) => fieldError(l, f));
  // Said above the tabs: a refusal of the whole set, or of a locale no tab shows.
  const general = errorKeys.filter((key) => key === 'translations' || !localeOfError(key)).map((key) => errors[key]).join(' ') || undefined;
  const failing = Boolean(general) || TRANSLATION_LOCALES.some(localeFailing);
  const filled = TRANSLATION_LOCALES.filter((l) => translationState(drafts[l]) !== 'empty').length;

  const change = (field: Field, text: string) => {
    const current = drafts[locale] ?? { subject: '', body: '' };
    onChange({ ...drafts, [locale]: { ...current, [field]: text } });
  };
  const texts = drafts[locale] ?? { subject: '', body: '' };
  const tabId = (l: Locale) => `${id}-tab-${l}`;
  const panelId = `${id}-tabpanel`;

  return (
    <Box data-testid="notification-translations">
      <DisclosureToggle id={id} open={open} onToggle={() => setOpen(!open)} failing={failing} title={t('notifications.translations.title')} summary={filled ? t('notifications.translations.filled', { count: filled }) : t('notifications.translations.none')} testId={'notification-translations'} />
      {general ? <FormHelperText error>{general}</FormHelperText> : null}
      <Collapse in={open} unmountOnExit>
        <Stack id={`${id}-panel`} role="group" aria-labelledby={`${id}-toggle`} spacing={1.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('notifications.translations.help')}
          </Typography>
          <Tabs
            value={locale}
            onChange={(_, next: Locale) => setLocale(next)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('notifications.translations.language')}
            sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
          >
            {TRANSLATION_LOCALES.map((l) => {
              const bad = localeFailing(l);
              const state = translationState(drafts[l]);
              return (
                <Tab
                  key={l}
                  value={l}
                  id={tabId(l)}
                  aria-controls={panelId}
                  lang={l}
                  label={LOCALE_NAMES[l]}
                  icon={state === 'empty' ? undefined : <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: bad ? 'error.main' : 'success.main' }} />}
                  iconPosition="end"
                  sx={{ textTransform: 'none', minHeight: 40, color: bad ? 'error.main' : undefined, '&.Mui-selected': bad ? { color: 'error.main' } : {} }}
                  data-testid={`notification-translations-tab-${l}`}
                />
              );
            })}
          </Tabs>
          <Stack id={panelId} role="tabpanel" aria-labelledby={tabId(locale)} spacing={2} sx={{ pt: 1 }}>
            {errors[`translations.${locale}`] ? <FormHelperText error>{errors[`translations.${locale}`]}</FormHelperText> : null}
            <TextField
              label={t('notifications.subject')}
              value={texts.subject}
              onChange={(e) => change('subject', e.target.value)}
              disabled={disabled}
              error={Boolean(fieldError(locale, 'subject'))}
              helperText={fieldError(locale, 'subject')}
              slotProps={{ htmlInput: { maxLength: 200, lang: locale, 'data-testid': 'notification-translation-subject' } }}
            />
            <TextField
              label={t('notifications.body')}
              value={texts.body}
              onChange={(e) => change('body', e.target.value)}
              disabled={disabled}
              multiline
              minRows={4}
              error={Boolean(fieldError(locale, 'body'))}
              helperText={fieldError(locale, 'body')}
              slotProps={{ htmlInput: { maxLength: 10000, lang: locale, 'data-testid': 'notification-translation-body' } }}
            />
            <PlaceholderHelp region={false} />
          </Stack>
        </Stack>
      </Collapse>
    </Box>
  );
}
