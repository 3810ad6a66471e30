/**
 * Why an edit cannot apply, as a code staff read in their own language: the editor shows
 * `stages.widgets.errors.<code>` of locales/*\/configAdmin.json with the error's params, and the
 * error's `message` keeps the English words below (logs, tests, a caller without i18n). The English
 * here and en-GB's texts are the same (tests/src/config-admin/fields/model/errors.test.ts).
 * Params named `kind`, `from` or `to` hold a kind (`WidgetKind` or a KindTarget): the editor shows
 * that kind's words.
 */
export const EDIT_ERROR_TEXTS = {
  notAStageFile: 'The file has no stage schema: fix it in the JSON tab.',
  noProperties: 'The stage schema has no properties.',
  insideShape: '"{{path}}" is the shared shape "{{shape}}": edit it in the JSON tab (it would change every stage using it).',
  noField: 'There is no field "{{path}}".',
  noOwnFields: '"{{path}}" has no fields of its own.',
  chooseField: 'Choose a field.',
  badName: 'A field name starts with a letter and has only letters, digits and _ (64 at most).',
  nameTaken: 'There is already a field "{{name}}" here.',
  keyHasOwnEdit: '"{{key}}" is not set here: it has an edit of its own (or the JSON tab).',
  notUiKey: '"{{key}}" is not a uiSchema key (they start with "ui:").',
  notAnOption: '"{{key}}" is not an option.',
  noLayout: '"{{path}}" is neither a group nor a list: it has no layout.',
  groupLayout: 'A group is not shown as "{{layout}}".',
  listLayout: 'A list is not shown as "{{layout}}".',
  notAChoice: '"{{path}}" is not a choice field.',
  sharedChoices: 'The choices of "{{path}}" are a shared shape\'s: edit them in the JSON tab.',
  choicesAreNumbers: 'These choices are numbers: give numbers only.',
  choicesNeeded: 'A choice field needs at least one choice.',
  unknownStage: '"{{stage}}" is not a stage.',
  notAList: '"{{list}}" is not a list of that stage (write it as /name).',
  notAListField: '"{{key}}" is not a field of that list.',
  notOptionsFrom: '"{{path}}" does not offer another stage\'s list.',
  optionsFromNeeded: 'Choose the list the options come from.',
  notASource: '"{{source}}" is not a source of records.',
  notAddable: 'A "{{kind}}" field cannot be added here: write it in the JSON tab.',
  badTextKey: '"{{key}}" is not a text key.',
  badLocale: '"{{locale}}" is not a locale.',
  textsNeedField: 'Texts belong to a field: choose one.',
  noOwnChoices: '"{{path}}" has no choices of its own.',
  choiceUnnamed: 'The choice "{{value}}" cannot be named: its words are set in the JSON tab.',
  kindNotOffered: '"{{path}}" cannot change from "{{from}}" to "{{to}}": remove it and add a new field, or change it in the JSON tab.',
} as const;

export type EditErrorCode = keyof typeof EDIT_ERROR_TEXTS;
export type EditErrorParams = Readonly<Record<string, string | number>>;

/** `{{name}}` of an English text filled from params (as i18next does). */
const fill = (text: string, params: EditErrorParams): string => text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : all));

/** An edit that cannot apply: `code` and `params` name its words for staff, `message` is them in English. */
export class EditError extends Error {
  readonly code: EditErrorCode;
  readonly params: EditErrorParams;
  constructor(code: EditErrorCode, params: EditErrorParams = {}) {
    super(fill(EDIT_ERROR_TEXTS[code], params));
    this.name = 'EditError';
    this.code = code;
    this.params = params;
  }
}
