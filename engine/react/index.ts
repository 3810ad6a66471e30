/**
 * The stage renderer: useStageController -> StageFormBase -> StageForm, and the one registry.
 * See README.md for the names a uiSchema may use.
 */
export { StageForm, ThemedForm, type StageFormProps } from './StageForm';
export { StageFormBase, useStageContext, type StageFormBaseProps } from './StageFormBase';
export { useStageController, useStageSelector } from './useStageController';
export { createStageController, type StageController, type StageControllerOptions, type StageEngine, type SaveState, type ConfigDoc } from './controller';
// engineForSchema (compiles at run time: Node and Storybook only) is in ./devEngine, not exported here.
export { defaultEngine, formValidator, getStageUi, validateSection } from './engineAdapter';
export { stageTheme, stageFields, stageWidgets } from './theme';
export { STORE_BACKED_FIELDS } from './fields/names';
export type { StageFormContext, RemoteSearch, RemoteOption, MediaInputProps } from './context';
export { FieldAddonsProvider, useFieldAddons, type FieldAddons, type FieldAddonTarget } from './fieldAddons';
export { FIELD_WITH_ADDON } from './templates/FieldTemplate';
export { titlesIntoUiSchema, translateSchema, translateUiSchema, CONFIGURATOR_NS } from './i18n';
export { generatePassword, passwordStrength, strengthLevel, STRENGTH_LEVELS, STRENGTH_LABELS, PASSWORD_SYMBOLS, FORBIDDEN_PASSWORD_CHARS } from './password';
export { createRemoteSearchScheduler, REMOTE_SEARCH } from './widgets/remoteSearch';
export { renderMarkdown } from './widgets/markdown';
export { SLIDER, sliderRange } from './widgets/SliderWidget';
export { TEXTAREA_ROWS } from './widgets/TextareaWidget';
export { formatDisplayDate, parseDisplayDate, DISPLAY_DATE_FORMAT } from './widgets/DatePickerWidget';
export { optionsFromList } from './widgets/OptionsFromWidget';
export { checkTargetPosition, moveItem, sortedOrder } from './fields/sorting';
export { StrengthMeter } from './widgets/PasswordWidget';
export { ScrollableTableBox, type ScrollableTableBoxProps } from './fields/ScrollableTableBox';
export { createRendererI18n, localeResources } from './i18nInstance';
