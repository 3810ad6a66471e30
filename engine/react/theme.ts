import { generateTheme } from '@rjsf/mui';
import type { ThemeProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AccordionField } from './fields/AccordionField';
import { ConfigSummaryField } from './fields/ConfigSummaryField';
import { DisplayTextField } from './fields/DisplayTextField';
import type { StoreBackedField } from './fields/names';
import { OpeningHoursField } from './fields/OpeningHoursField';
import { PortletsField } from './fields/PortletsField';
import { TableField } from './fields/TableField';
import { TabsField } from './fields/TabsField';
import { BaseInputTemplate } from './templates/BaseInputTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { DatePickerWidget } from './widgets/DatePickerWidget';
import { MarkdownWidget } from './widgets/MarkdownWidget';
import { MediaWidget } from './widgets/MediaWidget';
import { CheckboxWidget, SelectWidget } from './widgets/MuiNamedWidgets';
import { OptionsFromWidget } from './widgets/OptionsFromWidget';
import { PasswordWidget } from './widgets/PasswordWidget';
import { RemoteSelectWidget } from './widgets/RemoteSelectWidget';
import { SliderWidget } from './widgets/SliderWidget';
import { SwitchWidget } from './widgets/SwitchWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { TextWidget } from './widgets/TextWidget';

const mui = generateTheme();

/** Our fields, by the name a uiSchema gives in `"ui:field"`. */
export const stageFields = {
  table: TableField,
  tabs: TabsField,
  accordion: AccordionField,
  portlets: PortletsField,
  openingHours: OpeningHoursField,
  configSummary: ConfigSummaryField,
  // A value shown as a sentence, never an input (`ui:options` text / emptyText / link).
  displayText: DisplayTextField,
} satisfies RegistryFieldsType & Record<StoreBackedField, unknown>;

/** Our widgets, by the name a uiSchema gives in `"ui:widget"`. */
export const stageWidgets = {
  switch: SwitchWidget,
  datePicker: DatePickerWidget,
  // rjsf picks `DateWidget` for every `format: date` string: ours shows dd/mm/yyyy.
  DateWidget: DatePickerWidget,
  // @rjsf/mui's own, named by their label when it is hidden (table cells, cards).
  SelectWidget,
  CheckboxWidget,
  remoteSelect: RemoteSelectWidget,
  optionsFrom: OptionsFromWidget,
  password: PasswordWidget,
  markdown: MarkdownWidget,
  // A media library file (its guid), through the app's injected input (StageForm `mediaInput`).
  media: MediaWidget,
  // `"ui:widget": "slider"` (and rjsf's `range`): 0-100 in steps of 25 unless the schema says otherwise.
  slider: SliderWidget,
  RangeWidget: SliderWidget,
  // rjsf's `textarea`: 8 rows by default (spec section 9), `ui:options.rows` to change it.
  TextareaWidget,
  // A `"secret": true` string is always the password widget (masked, "set" kept), whatever its uiSchema says.
  TextWidget,
} satisfies RegistryWidgetsType;

/**
 * The one registry of the renderer: every widget, field and template, merged over @rjsf/mui's theme
 * (rjsf merges this over its core defaults). Pass it whole to rjsf's `withTheme` or spread it on a Form.
 * @example <Form {...stageTheme} schema={schema} uiSchema={{ a: { 'ui:widget': 'switch' } }} validator={v} />
 */
export const stageTheme: Required<Pick<ThemeProps, 'fields' | 'widgets' | 'templates'>> = {
  fields: stageFields,
  widgets: { ...mui.widgets, ...stageWidgets },
  templates: { ...mui.templates, BaseInputTemplate, FieldTemplate, ObjectFieldTemplate },
};
