import type { ChangeEvent } from 'react';
import { labelValue, type WidgetProps } from '@rjsf/utils';

/**
 * The MUI TextField props our free-text widgets (markdown, password) take from rjsf's WidgetProps, so
 * they agree with each other: label hidden by `"ui:label": false`, error state from rawErrors, and an
 * emptied input stored as `undefined` (not filled in), never ''.
 * @example <TextField {...textFieldProps(props)} multiline />
 */
export function textFieldProps(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, autofocus, placeholder, rawErrors = [], onChange, onBlur, onFocus } = props;
  return {
    id,
    label: labelValue(label, hideLabel),
    value: (value as string | undefined) ?? '',
    required,
    disabled,
    autoFocus: autofocus,
    placeholder,
    error: rawErrors.length > 0,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value === '' ? undefined : e.target.value),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
}
