import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import type { Components, Theme } from '@mui/material/styles';

/**
 * Theme defaults for MUI's Checkbox that put an `aria-label` given to the Checkbox itself on its
 * `<input>`, where it names the checkbox.
 *
 * Why: MUI spreads props it does not know onto the Checkbox root, a `<span>` with no role. So an
 * `aria-label` there leaves the input unnamed (axe `label`, WCAG 4.1.2) and puts a prohibited
 * attribute on the span (axe `aria-prohibited-attr`). react-admin's DatagridRow labels its
 * "Select this row" checkbox that way (5.15; the header's "Select all" was moved to the input
 * upstream, marmelab/react-admin#9826). Fixing it here, once, covers every Datagrid's rows and any
 * other Checkbox, instead of a row component per list. A Checkbox that names its input itself
 * (`slotProps.input` or `inputProps` with an aria-label) keeps that name.
 */
export const MuiCheckbox: Components<Theme>['MuiCheckbox'] = {
  defaultProps: {
    slotProps: {
      root: (ownerState: CheckboxOwnerState) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
      input: ({ 'aria-label': label, inputProps }: CheckboxOwnerState) => (label ? { ...inputProps, 'aria-label': inputProps?.['aria-label'] ?? label } : (inputProps ?? {})),
    },
  },
};
