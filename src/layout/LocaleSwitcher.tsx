import { type ChangeEvent } from 'react';
import { NativeSelect } from '@mui/material';
import { useI18nProvider, useLocaleState, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { chooseLocale } from '../i18n/i18n';
import { LOCALES, LOCALE_NAMES, toLocale, type Locale } from '../i18n/locales';

/**
 * Changes the app's language as the user's own choice. The language changes first (i18n.ts sets
 * <html lang>), then the choice is stored as the user's own (from now on it wins over their
 * company's language), and only then is react-admin's locale state set: react-admin finds its
 * provider already on that language and does not remount the page, so what the user has typed
 * stays; LiveI18nContext re-renders the texts. Used by the top bar's select and, on a phone, by
 * the user menu's language items.
 */
export function useChooseLocale(): (next: Locale) => Promise<void> {
  const i18nProvider = useI18nProvider();
  const [, setLocale] = useLocaleState();
  const notify = useNotify();
  return async (next) => {
    try {
      await i18nProvider.changeLocale(next); // loads the language's files, then switches
      chooseLocale(next);
      setLocale(next);
    } catch {
      // The language's files did not load (offline): stay on the current language and say so.
      notify('ra.notification.i18n_error', { type: 'error' });
    }
  };
}

/** The top bar's language choice (signed in on a phone, the user menu has it instead: UserMenu). */
export function LocaleSwitcher() {
  const { t, i18n } = useTranslation();
  const choose = useChooseLocale();
  const current = toLocale(i18n.language);
  const change = (event: ChangeEvent<HTMLSelectElement>) => choose(toLocale(event.target.value));

  return (
    <NativeSelect
      value={current}
      onChange={(event) => void change(event)}
      disableUnderline
      inputProps={{ 'aria-label': t('topbar.language'), 'data-testid': 'locale-switcher' } as Record<string, string>}
      sx={{
        color: 'inherit',
        fontSize: '0.875rem',
        // On a phone the bar is one row: the choice may be clipped, the open list is not.
        maxWidth: { xs: 120, sm: 'none' },
        '& select': { py: 0.5, pl: 1 },
        '& svg': { color: 'inherit' },
        '& option': { color: 'text.primary' },
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </NativeSelect>
  );
}
