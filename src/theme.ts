import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { red } from '@mui/material/colors';
import { frFR, nlNL } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { MuiCheckbox, MuiRadio, MuiSwitch } from './layout/controlLabels';

/** The portal's look: react-admin's default with the portal's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#12355b' },
    secondary: { main: '#d7263d' },
    // MUI's default error red (#d32f2f) is 3.7:1 on the bulk-actions toolbar's tint and fails WCAG AA
    // (4.5:1) for the red text of react-admin's Delete and BulkDeleteButton; red 900 is 4.9:1 there
    // (4.6:1 hovered) and 6.6:1 on white, so every error text and button passes.
    error: { main: red[900] },
    // Likewise MUI's warning orange (#ed6c02) is 3.1:1 under white chip text; orange 900 (#e65100)
    // is still short, so a darker amber: #b45309 is 5.0:1 with white and on white.
    warning: { main: '#b45309' },
    background: { default: '#f5f6f8' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    ...defaultTheme.components,
    // Checkboxes, radios and switches named on their input, whoever labels them (react-admin's
    // Datagrid rows): layout/controlLabels.ts.
    MuiCheckbox,
    MuiRadio,
    MuiSwitch,
  },
};

// MUI's own texts (Autocomplete's "No options", Clear/Open/Close, pagination labels) per language;
// English is MUI's default.
const muiLocales: Record<string, object> = { fr: frFR, nl: nlNL };
const themes = new Map<string, RaThemeOptions>();

/**
 * For visitors whose system asks for reduced motion (WCAG 2.3.3): dialogs, menus, drawers,
 * tooltips, snackbars and collapsing panels appear and go at once instead of sliding or fading,
 * and buttons do not ripple.
 * MUI's way (its "Transitions" guide): no CSS transition, and zero durations so its transition
 * components finish at once instead of waiting out a transition that no longer shows.
 */
const stillTheme: RaThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    // These two default to fixed or computed durations of their own, not the theme's.
    MuiCollapse: { defaultProps: { timeout: 0 } },
    MuiPopover: { defaultProps: { transitionDuration: 0 } },
  },
};

/** True when the visitor's system asks for reduced motion. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The theme for a locale, with MUI's component texts in that language, and still when the visitor
 * asks for reduced motion (memoised: the theme object must keep its identity across renders, or
 * every component re-styles).
 * @example themeFor('fr-BE') // MUI texts in French
 */
export function themeFor(locale: string, still = prefersReducedMotion()): RaThemeOptions {
  const language = locale.slice(0, 2).toLowerCase();
  const key = `${language}${still ? ' still' : ''}`;
  let found = themes.get(key);
  if (!found) {
    const pack = muiLocales[language];
    found = pack ? (deepmerge(theme, pack) as RaThemeOptions) : theme;
    if (still) found = deepmerge(found, stillTheme) as RaThemeOptions;
    themes.set(key, found);
  }
  return found;
}
