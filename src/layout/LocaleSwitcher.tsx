import { type ChangeEvent } from 'react';
import { NativeSelect } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useChooseLocale } from '../i18n/localeChoice';
import { LOCALES, LOCALE_NAMES, toLocale } from '../i18n/locales';

/** The top bar's language choice (signed in on a phone, the user menu has it instead: UserMenu). */
export function LocaleSwitcher() {
  const { t, i18n } = useTranslation('signIn');
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
        // As wide as the chosen language, not the longest one, where the browser can (Chromium): room in the top bar.
        '& select': { py: 0.5, pl: 1, fieldSizing: 'content' },
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
