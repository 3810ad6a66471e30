import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** Spec section 9: "textarea default 8" rows (the markdown editor has its own default of 3). */
export const TEXTAREA_ROWS = 8;

/**
 * `"ui:widget": "textarea"`: a plain multi-line text input, 8 rows unless `ui:options.rows` says
 * otherwise (@rjsf/mui's own defaults to 5). Drawn by our BaseInputTemplate, so a hidden label still
 * names it.
 * @example { "notes": { "ui:widget": "textarea" } } // 8 rows
 * @example { "notes": { "ui:widget": "textarea", "ui:options": { "rows": 4 } } }
 */
export function TextareaWidget(props: WidgetProps) {
  const { options, registry } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const rows = typeof options.rows === 'number' || (typeof options.rows === 'string' && options.rows !== '') ? options.rows : TEXTAREA_ROWS;
  return <BaseInputTemplate {...props} multiline rows={rows} />;
}
