import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import type { RadioOwnerState } from '@mui/material/Radio';
import type { SwitchOwnerState } from '@mui/material/Switch';
import type { Components, Theme } from '@mui/material/styles';

/**
 * Theme defaults for MUI's Checkbox, Radio and Switch that put an `aria-label` given to the control
 * itself on its `<input>`, where it names the control.
 *
 * Why: MUI spreads props it does not know onto the control's root (Checkbox, Radio) or its
 * SwitchBase (Switch), a `<span>` with no role. So an `aria-label` there leaves the input unnamed
 * (axe `label`, WCAG 4.1.2) and puts a prohibited attribute on the span (axe
 * `aria-prohibited-attr`). react-admin's DatagridRow labels its "Select this row" checkbox that way
 * (5.15; the header's "Select all" was moved to the input upstream, marmelab/react-admin#9826).
 * Fixing it here, once, covers every Datagrid's rows and any other control, instead of a component
 * per list. A control that names its input itself (`slotProps.input` or `inputProps` with an
 * aria-label) keeps that name.
 */
type OwnerState = (CheckboxOwnerState | RadioOwnerState | SwitchOwnerState) & { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/** The span that received the label gives it up... */
const unlabelled = (ownerState: OwnerState) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {});
/** ...and the input takes it, unless the input was named on purpose. */
const labelledInput = ({ 'aria-label': label, inputProps }: OwnerState) =>
  label ? { ...inputProps, 'aria-label': inputProps?.['aria-label'] ?? label } : (inputProps ?? {});

export const MuiCheckbox: Components<Theme>['MuiCheckbox'] = {
  defaultProps: { slotProps: { root: unlabelled, input: labelledInput } },
};

export const MuiRadio: Components<Theme>['MuiRadio'] = {
  defaultProps: { slotProps: { root: unlabelled, input: labelledInput } },
};

// A Switch spreads its unknown props onto its SwitchBase (the `switchBase` slot), not its root.
export const MuiSwitch: Components<Theme>['MuiSwitch'] = {
  defaultProps: { slotProps: { switchBase: unlabelled, input: labelledInput } },
};
