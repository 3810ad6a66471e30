import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import FilledInput from '@mui/material/FilledInput';

export interface FilledFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'password';
  name?: string;
  autoComplete?: string;
  error?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  helperText?: string;
  'data-testid'?: string;
}

/**
 * A one-line text field as the app's `TextField` draws it (filled, react-admin's theme: label,
 * underline, helper text), built from the parts MUI composes it of. For the sign-in form, which is in the first chunk
 * every visitor loads: `TextField` also brings `Select` and its menu, popover, modal and focus trap
 * (about 9 KiB compressed) for a `select` prop the form never uses (issue 59: the sign-in page's
 * bytes before the form). Screens loaded later use `TextField` or react-admin's inputs.
 */
export function FilledField({ label, helperText, error, required, 'data-testid': testId, ...input }: FilledFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="filled" fullWidth error={error} required={required} data-testid={testId}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
