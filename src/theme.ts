import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { frFR, nlNL } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';

/** The portal's look: react-admin's default with the portal's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#12355b' },
    secondary: { main: '#d7263d' },
    background: { default: '#f5f6f8' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
};

// MUI's own texts (Autocomplete's "No options", Clear/Open/Close, pagination labels) per language;
// English is MUI's default.
const muiLocales: Record<string, object> = { fr: frFR, nl: nlNL };
const themes = new Map<string, RaThemeOptions>();

/**
 * The theme for a locale, with MUI's component texts in that language (memoised: the theme object
 * must keep its identity across renders, or every component re-styles).
 * @example themeFor('fr-BE') // MUI texts in French
 */
export function themeFor(locale: string): RaThemeOptions {
  const language = locale.slice(0, 2).toLowerCase();
  let found = themes.get(language);
  if (!found) {
    const pack = muiLocales[language];
    found = pack ? (deepmerge(theme, pack) as RaThemeOptions) : theme;
    themes.set(language, found);
  }
  return found;
}
