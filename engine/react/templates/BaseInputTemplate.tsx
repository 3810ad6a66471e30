import { generateTemplates } from '@rjsf/mui';
import type { ComponentType } from 'react';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { hiddenLabelName } from '../widgets/hiddenLabel';

const MuiBaseInput = generateTemplates().BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/**
 * @rjsf/mui's text input plus `"ui:options": {"capitalise": true}`: letters are upper-cased as typed
 * (postcodes, registration numbers). With its label hidden (a table cell, a card) the input is named
 * by it (`aria-label`).
 * @example { "postcode": { "ui:options": { "capitalise": true } } }
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const name = hiddenLabelName(props);
  const named = name ? { ...props, slotProps: { ...props.slotProps, htmlInput: { ...props.slotProps?.htmlInput, 'aria-label': name } } } : props;
  if (!props.options?.capitalise) return <MuiBaseInput {...named} />;
  const onChange = (value: unknown) => props.onChange(typeof value === 'string' ? value.toUpperCase() : value);
  return <MuiBaseInput {...named} onChange={onChange} />;
}
