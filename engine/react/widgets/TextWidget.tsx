import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { PasswordWidget } from './PasswordWidget';

/**
 * rjsf's default string input (its BaseInputTemplate, as rjsf's own TextWidget renders it), except
 * that a `"secret": true` string is always the password widget (masked; a stored secret shows as
 * "saved" and is kept), whatever its uiSchema says.
 */
export function TextWidget(props: WidgetProps) {
  if ((props.schema as { secret?: unknown }).secret === true) return <PasswordWidget {...props} />;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} />;
}
