import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

const cache = new WeakMap<Theme, Theme>();

/**
 * The page's theme with small, label-less inputs, for controls that sit in table cells: a row of 56 px fields
 * (and selects, autocompletes, date pickers of different heights) reads as a form, not a table.
 * Given to a nested ThemeProvider; built once per outer theme (a language switch makes a new one).
 * @example <ThemeProvider theme={compactTheme}>...</ThemeProvider>
 */
export function compactTheme(outer: Theme): Theme {
  let theme = cache.get(outer);
  if (!theme) {
    // `outer` is a whole theme, which createTheme accepts as options; said with a cast because
    // proving Theme assignable to ThemeOptions (react-admin adds some 250 component names to both)
    // took the type checker 31 of its 58 seconds.
    theme = createTheme(outer as ThemeOptions, {
      components: {
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiAutocomplete: { defaultProps: { size: 'small' } },
        MuiSwitch: { defaultProps: { size: 'small' } },
        MuiCheckbox: { defaultProps: { size: 'small' } },
        // A cell's field has no visible label (its column header names it): without the room a
        // label would take, its value sits in the middle of the field, not at its bottom.
        MuiFilledInput: { defaultProps: { hiddenLabel: true } },
      },
    });
    cache.set(outer, theme);
  }
  return theme;
}
