/**
 * The structured editor's view of a stage file (issue 56): every field and layout of the stage
 * format as a tree of nodes, each with its kind of widget. The model is pure data and functions
 * (`tree.ts`, `edits.ts`, ...); the components in `../` draw it. A draft is `{ file, labels }`, the
 * same objects the JSON tab shows and the server stores (`PUT /stage-catalogue/{slug}/draft`).
 */

export type Labels = Record<string, Record<string, string>>;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A stage file as staff edit it (anything JSON: a draft may be broken) with its texts per locale. */
export interface StageDraftValue {
  file: unknown;
  labels: Labels;
}

/** The path segment that steps into an array's `items` (in the schema and in the uiSchema alike). */
export const ITEMS = '[]';

/**
 * A place in the stage schema: property names from the stage's root object, with `ITEMS` stepping
 * into an array's items. `[]` is the stage itself; `['hours', ITEMS, 'days']` is the `days` of each
 * item of `hours` (schema `properties.hours.items.properties.days`, uiSchema `hours.items.days`).
 */
export type FieldPath = readonly string[];

/**
 * Every widget and layout of the stage format, as the editor names them:
 * - `text` a string (`maxLength`, `minLength`, `format`, `pattern`, `postcode`); `textarea`
 *   (`ui:widget: textarea`, `ui:options.rows`); `markdown` (`ui:widget: markdown`);
 * - `number` (`type` number / integer, `minimum`, `maximum`, `multipleOf`, `ui:options.unit`);
 *   `slider` (`ui:widget: slider`);
 * - `yesno` a boolean (`ui:widget: switch`, or rjsf's checkbox);
 * - `choice` a string with `enum` (`enumLabels` names their words); `multiChoice` an array of an
 *   enum string, `uniqueItems` (`ui:widget: checkboxes`);
 * - `date` (`format: date`); `secret` (`secret: true`, masked, encrypted at rest);
 * - `optionsFrom` a value (or a list of values) picked from another stage's list (`ui:widget:
 *   optionsFrom`, `ui:options` `{stage, optionsFrom, valueKey, labelKey, hideIfSole?}`);
 * - `remoteSelect` a record picked from the portal (`ui:widget: remoteSelect`, `ui:options.source`:
 *   `companyUsers`, `showcases`, ...); `media` a media library file (`ui:widget: media`,
 *   `ui:options.purpose`);
 * - `openingHours` a week of hours (`ui:field: openingHours`); `displayText` a value shown as a
 *   sentence (`ui:field: displayText`, `ui:options` `{text, emptyText, link}`); `configSummary`;
 *   `hidden` (`ui:widget: hidden`, ids);
 * - `group` an object written inline (a section: its layout `plain`, `portlets`, `tabs`,
 *   `accordion` by `ui:field`); `list` an array of objects (layout `cards` (rjsf's own), `table`
 *   (`ui:options.columns`, `reorderable`, `sortable`), `accordion`, `tabs`, `portlets`;
 *   `addable` / `removable` / `orderable`); `textList` an array of texts;
 * - `shape` a shared shape (`$ref`): its title, required and uiSchema are this stage's, its inside is
 *   shared by every stage and edited in JSON only;
 * - `unknown` anything else: shown by its name and kept untouched (the reason says why).
 */
export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'number'
  | 'slider'
  | 'yesno'
  | 'choice'
  | 'multiChoice'
  | 'date'
  | 'secret'
  | 'optionsFrom'
  | 'remoteSelect'
  | 'media'
  | 'openingHours'
  | 'displayText'
  | 'configSummary'
  | 'hidden'
  | 'group'
  | 'list'
  | 'textList'
  | 'shape'
  | 'unknown';

export type GroupLayout = 'plain' | 'portlets' | 'tabs' | 'accordion';
export type ListLayout = 'cards' | 'table' | 'accordion' | 'tabs' | 'portlets';

/** One field or layout of the stage as the outline lists it. */
export interface FieldNode {
  path: FieldPath;
  /** The data's property name (the last property of `path`). */
  name: string;
  kind: WidgetKind;
  /** The schema's title: an i18n key (`configurator:fields....`) or plain words; null without one. */
  title: string | null;
  /** Named in its object's `required`. */
  required: boolean;
  /** A group's or list's layout. */
  layout?: GroupLayout | ListLayout;
  /** A group's properties, or a list's item properties, in form order (`ui:order`). */
  children: FieldNode[];
  /**
   * The shared shape's name (`location`) of a `shape` node, or of a list whose items are one; also of
   * any other node written as a `$ref` (an optionsFrom `id-list`, a hidden `id`, `opening-hours`).
   */
  shape: string | null;
  /** Has a `visibleIf` / `requiredIf` condition on its parent object. */
  conditions: { visible: boolean; required: boolean };
  /** False for what the editor keeps untouched (`unknown`); `reason` says why (an i18n key's tail). */
  editable: boolean;
  reason?: string;
}

/** An edit that cannot apply: a code and params for staff's words (`errors.ts`). */
export { EditError, type EditErrorCode, type EditErrorParams } from './errors';
