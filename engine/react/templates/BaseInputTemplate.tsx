import { generateTemplates } from '@rjsf/mui';
import type { ComponentType } from 'react';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { hiddenLabelName } from '../widgets/hiddenLabel';
import { capitaliseInput } from './capitalise';

const MuiBaseInput = generateTemplates().BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/**
 * @rjsf/mui's text input plus `"ui:options": {"capitalise": true}`: letters are upper-cased as typed
 * (postcodes, registration numbers), or `{"capitaliseFirst": true}`: the first letter is (first
 * names; `capitalise.ts`). With its label hidden (a table cell, a card) the input is named by it
 * (`aria-label`).
 * @example { "postcode": { "ui:options": { "capitalise": true } }, "firstName": { "ui:options": { "capitaliseFirst": true } } }
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const name = hiddenLabelName(props);
  const named = name ? { ...props, slotProps: { ...props.slotProps, htmlInput: { ...props.slotProps?.htmlInput, 'aria-label': name } } } : props;
  if (!props.options?.capitalise && !props.options?.capitaliseFirst) return <MuiBaseInput {...named} />;
  const onChange = (value: unknown) => props.onChange(capitaliseInput(value, props.options));
  return <MuiBaseInput {...named} onChange={onChange} />;
}
