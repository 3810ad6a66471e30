import { createTheme, type Theme } from '@mui/material/styles';

const cache = new WeakMap<Theme, Theme>();

/**
 * The page's theme with small inputs, for controls that sit in table cells: a row of 56 px fields
 * (and selects, autocompletes, date pickers of different heights) reads as a form, not a table.
 * Given to a nested ThemeProvider; built once per outer theme (a language switch makes a new one).
 * @example <ThemeProvider theme={compactTheme}>...</ThemeProvider>
 */
export function compactTheme(outer: Theme): Theme {
  let theme = cache.get(outer);
  if (!theme) {
    theme = createTheme(outer, {
      components: {
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiAutocomplete: { defaultProps: { size: 'small' } },
        MuiSwitch: { defaultProps: { size: 'small' } },
        MuiCheckbox: { defaultProps: { size: 'small' } },
      },
    });
    cache.set(outer, theme);
  }
  return theme;
}
