import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NotificationTranslations } from '../../../contract/tasks';
import { LOCALE_NAMES, type Locale } from '../../i18n/locales';

const ORDER = Object.keys(LOCALE_NAMES) as Locale[];

/** A locale's short mark: its language for the language's main locale (`FR`), else the whole tag (`FR-BE`). */
export function localeMark(locale: Locale): string {
  const language = locale.split('-')[0];
  const main = ORDER.find((l) => l.startsWith(`${language}-`));
  return (main === locale ? language : locale).toUpperCase();
}

/**
 * The locales a notification template has words for (issue 55), as small chips (`FR NL`): a list
 * named "Words in other languages", each item named with its locale's own name. Nothing when none.
 */
export function TranslationChips({ translations }: { translations: NotificationTranslations | null | undefined }) {
  const { t } = useTranslation('tasks');
  const locales = ORDER.filter((l) => translations?.[l]);
  if (!locales.length) return null;
  return (
    <Box component="ul" aria-label={t('notifications.translations.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, mt: 0.5, p: 0 }} data-testid="row-translations">
      {locales.map((l) => (
        <Chip key={l} component="li" size="small" variant="outlined" label={localeMark(l)} aria-label={LOCALE_NAMES[l]} lang={l} title={LOCALE_NAMES[l]} sx={{ height: 20, fontSize: '0.7rem' }} />
      ))}
    </Box>
  );
}
