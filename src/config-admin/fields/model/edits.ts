/**
 * Pure edits of a draft by path. Each returns a new draft and leaves its input untouched; an edit
 * that changes nothing returns the input itself (`===`), so opening and closing a property panel
 * never changes a byte. An edit that cannot apply throws EditError (a code naming words for staff).
 *
 * Where things live: a node's schema is `properties.<name>` of its parent object schema (the stage's
 * root, a group, a list's `items`); its `required` entry and its `visibleIf` / `requiredIf` logic are
 * on that parent; its uiSchema is `<name>` of the parent's uiSchema, whose `ui:order` is the form's
 * order. A path that crosses a shared shape (`$ref`) is refused: its inside is every stage's.
 */
import { clone, isObject, own, sameJson, strings, UNSAFE_KEYS } from './json';
import { ID_LIST_SHAPE, newNodeSchema, optionsFromSchema } from './newNode';
import { withLabels, withoutLabels, fileSlug, labelKey, NS, nodeKey } from './texts';
import { classify, fieldOrder, layoutOf, schemaAt, shapeName } from './tree';
import { EditError, ITEMS, type FieldPath, type GroupLayout, type Json, type JsonObject, type ListLayout, type StageDraftValue, type WidgetKind } from './types';

/** What "Add" takes: the property name, the kind, its label per locale, required. */
export interface NewNode {
  name: string;
  kind: WidgetKind;
  labels?: Record<string, string>;
  required?: boolean;
  /** choice / multiChoice: the first values. */
  choices?: string[];
  /** optionsFrom: where the options come from. */
  optionsFrom?: OptionsFromSpec;
  /** remoteSelect: the source (`companyUsers`, `showcases`, `companies`). */
  source?: string;
  /** group / list: the layout (a group `plain`, a list `table` unless said). */
  layout?: GroupLayout | ListLayout;
}

export interface OptionsFromSpec {
  stage: string;
  /** A JSON pointer into that stage's data: the list (`/franchises`). */
  list: string;
  valueKey: string;
  labelKey: string;
  /** Pick several (an array of values) rather than one. */
  multiple?: boolean;
}

/** A property name: a letter, then letters, digits or `_` (64 at most). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Keywords with edits of their own (or that would break the tree): not set through setSchemaKey. */
const STRUCTURAL_KEYS = new Set(['$ref', 'properties', 'items', 'required', 'visibleIf', 'requiredIf']);

export const describe = (path: FieldPath): string => path.filter((s) => s !== ITEMS).join(' / ');

/** The editable copy of a draft's file. */
function copyOf(draft: StageDraftValue): JsonObject {
  if (!isObject(draft.file) || !isObject(draft.file.schema)) throw new EditError('notAStageFile');
  return clone(draft.file);
}

/** The object schema whose properties a container path names (the stage, a group, a list's items). */
function containerAt(file: JsonObject, container: FieldPath): JsonObject {
  let node = file.schema as JsonObject;
  const walked: string[] = [];
  for (const step of container) {
    if (node.$ref !== undefined) throw new EditError('insideShape', { path: describe(walked), shape: shapeName(node.$ref) ?? '' });
    const next: unknown = step === ITEMS ? own(node, 'items') : isObject(node.properties) ? own(node.properties, step) : undefined;
    walked.push(step);
    if (!isObject(next)) throw new EditError('noField', { path: describe(walked) });
    node = next;
  }
  if (node.$ref !== undefined) throw new EditError('insideShape', { path: describe(container), shape: shapeName(node.$ref) ?? '' });
  if (!isObject(node.properties)) throw (container.length ? new EditError('noOwnFields', { path: describe(container) }) : new EditError('noProperties'));
  return node;
}

/** The uiSchema object at a path of the copy (created along the way when `create`). */
export function uiOf(file: JsonObject, path: FieldPath, create: true): JsonObject;
export function uiOf(file: JsonObject, path: FieldPath, create: false): JsonObject | null;
export function uiOf(file: JsonObject, path: FieldPath, create: boolean): JsonObject | null {
  if (!isObject(file.uiSchema)) {
    if (!create) return null;
    file.uiSchema = {};
  }
  let node = file.uiSchema as JsonObject;
  for (const step of path) {
    const key = step === ITEMS ? 'items' : step;
    if (!isObject(own(node, key))) {
      if (!create) return null;
      node[key] = {};
    }
    node = node[key] as JsonObject;
  }
  return node;
}

export interface Located {
  file: JsonObject;
  /** The parent object schema (holds `properties`, `required`, conditions). */
  parent: JsonObject;
  properties: JsonObject;
  schema: JsonObject;
  name: string;
  container: FieldPath;
}

/** The node at a path on a copy of the draft's file (kinds.ts edits it too). */
export function locate(draft: StageDraftValue, path: FieldPath): Located {
  const name = path[path.length - 1];
  if (!path.length || name === ITEMS) throw new EditError('chooseField');
  const file = copyOf(draft);
  const container = path.slice(0, -1);
  const parent = containerAt(file, container);
  const properties = parent.properties as JsonObject;
  const schema = own(properties, name);
  if (!isObject(schema)) throw new EditError('noField', { path: describe(path) });
  return { file, parent, properties, schema, name, container };
}

/** The new draft, or the input itself when the file and labels are as they were. */
export function done(draft: StageDraftValue, file: JsonObject, labels = draft.labels): StageDraftValue {
  if (labels === draft.labels && sameJson(file, draft.file)) return draft;
  return { file, labels: labels ?? {} };
}

/** Writes the whole order of a container as its `ui:order` (jsonb keeps no key order, so the order must be written). */
function writeOrder(file: JsonObject, container: FieldPath, order: string[]): void {
  uiOf(file, container, true)['ui:order'] = order;
}

/** Removes an object's key, and the object from its holder when that leaves it empty. */
function dropKey(holder: JsonObject, key: string, sub: string): void {
  const object = own(holder, key);
  if (!isObject(object)) return;
  delete object[sub];
  if (!Object.keys(object).length) delete holder[key];
}

/** Adds a node at the end of the group / list-item `container` (or at `index`), writing `ui:order`. */
export function addNode(draft: StageDraftValue, container: FieldPath, spec: NewNode, index?: number): StageDraftValue {
  const name = spec.name.trim();
  if (!FIELD_NAME.test(name) || UNSAFE_KEYS.has(name)) throw new EditError('badName');
  const file = copyOf(draft);
  const parent = containerAt(file, container);
  const properties = parent.properties as JsonObject;
  if (Object.hasOwn(properties, name)) throw new EditError('nameTaken', { name });
  const path = [...container, name];
  const titleKey = nodeKey(file, 'fields', path);
  const choices = [...new Set((spec.choices ?? []).map((c) => c.trim()).filter(Boolean))];
  const { schema, ui } = newNodeSchema({
    kind: spec.kind,
    title: `${NS}${titleKey}`,
    choicesKey: `${NS}${nodeKey(file, 'choices', path)}`,
    choices,
    optionsFrom: spec.optionsFrom && checkedOptionsFrom(spec.optionsFrom),
    source: spec.source,
    layout: spec.layout,
  });
  const containerUi = uiOf(file, container, true);
  const order = fieldOrder(Object.keys(properties), containerUi['ui:order']);
  properties[name] = schema;
  if (Object.keys(ui).length) containerUi[name] = ui;
  order.splice(index === undefined ? order.length : Math.max(0, Math.min(order.length, index)), 0, name);
  containerUi['ui:order'] = order;
  if (spec.required) parent.required = [...strings(parent.required), name];
  return withLabels({ file, labels: draft.labels ?? {} }, titleKey, spec.labels);
}

/** Removes a node (its schema, uiSchema, `required` entry, `ui:order` place and conditions on it). */
export function removeNode(draft: StageDraftValue, path: FieldPath): StageDraftValue {
  const { file, parent, properties, name, container } = locate(draft, path);
  delete properties[name];
  if (Array.isArray(parent.required)) {
    parent.required = parent.required.filter((n) => n !== name);
    if (!parent.required.length) delete parent.required;
  }
  dropKey(parent, 'visibleIf', name);
  dropKey(parent, 'requiredIf', name);
  const ui = uiOf(file, container, false);
  if (ui) {
    delete ui[name];
    if (Array.isArray(ui['ui:order'])) ui['ui:order'] = ui['ui:order'].filter((n) => n !== name);
  }
  // A table's columns and a panel's label name item fields: a removed one is no longer named.
  if (container[container.length - 1] === ITEMS) {
    const listUi = uiOf(file, container.slice(0, -1), false);
    const options = listUi?.['ui:options'];
    if (listUi && isObject(options)) {
      if (Array.isArray(options.columns)) options.columns = options.columns.filter((c) => c !== name);
      if (options.labelKey === name) delete options.labelKey;
      if (!Object.keys(options).length) delete listUi['ui:options'];
    }
  }
  // The stage's defaults are data of closed objects: a value of the removed field would be refused.
  mapDefaults(file, path, () => undefined);
  return done(draft, file);
}

/** Data with the value at a path (`ITEMS`: in every item) mapped, removed when `fn` answers undefined. */
function mapValue(data: Json, path: FieldPath, fn: (value: Json) => Json | undefined): Json {
  const [step, ...rest] = path;
  if (step === ITEMS) return Array.isArray(data) ? data.map((item) => mapValue(item, rest, fn)) : data;
  if (!isObject(data) || !Object.hasOwn(data, step)) return data;
  const value = rest.length ? mapValue(data[step], rest, fn) : fn(data[step]);
  if (value === undefined) {
    const { [step]: _gone, ...kept } = data;
    void _gone;
    return kept;
  }
  return { ...data, [step]: value };
}

/** The stage's defaults (closed objects, checked by the linter) with the value at a path mapped. */
export function mapDefaults(file: JsonObject, path: FieldPath, fn: (value: Json) => Json | undefined): void {
  if (isObject(file.defaults)) file.defaults = mapValue(file.defaults, path, fn);
}

/** Moves a node to position `to` among its siblings (written as the container's `ui:order`). */
export function moveNode(draft: StageDraftValue, path: FieldPath, to: number): StageDraftValue {
  const { file, properties, name, container } = locate(draft, path);
  const order = fieldOrder(Object.keys(properties), uiOf(file, container, false)?.['ui:order']);
  const from = order.indexOf(name);
  const target = Math.max(0, Math.min(order.length - 1, Math.trunc(to)));
  if (from === target) return draft;
  order.splice(target, 0, ...order.splice(from, 1));
  writeOrder(file, container, order);
  return done(draft, file);
}

/** Sets (value) or removes (undefined) a schema keyword of the node: `maxLength`, `format`, `pattern`, `minimum`, `enumLabels`, `secret`, ... */
export function setSchemaKey(draft: StageDraftValue, path: FieldPath, key: string, value: Json | undefined): StageDraftValue {
  if (STRUCTURAL_KEYS.has(key) || UNSAFE_KEYS.has(key) || !key) throw new EditError('keyHasOwnEdit', { key });
  const { file, schema } = locate(draft, path);
  if (value === undefined) delete schema[key];
  else schema[key] = clone(value);
  return done(draft, file);
}

/** The node's uiSchema on the copy (created when `create`), after checking the node exists. */
function nodeUi(draft: StageDraftValue, path: FieldPath): { file: JsonObject; ui: JsonObject | null; make: () => JsonObject } {
  const { file } = locate(draft, path);
  return { file, ui: uiOf(file, path, false), make: () => uiOf(file, path, true) };
}

/** Removes the node's uiSchema when an edit emptied it (nothing is left to say). */
export function dropEmptyUi(file: JsonObject, path: FieldPath): void {
  const ui = uiOf(file, path, false);
  if (!ui || Object.keys(ui).length) return;
  const holder = uiOf(file, path.slice(0, -1), false);
  if (holder) delete holder[path[path.length - 1] === ITEMS ? 'items' : path[path.length - 1]];
}

/** Sets or removes a uiSchema key of the node (`ui:widget`, `ui:field`, `ui:help`, ...). */
export function setUiKey(draft: StageDraftValue, path: FieldPath, key: string, value: Json | undefined): StageDraftValue {
  if (!key.startsWith('ui:') || key.length < 4) throw new EditError('notUiKey', { key });
  const { file, ui, make } = nodeUi(draft, path);
  if (value === undefined) {
    if (!ui || !Object.hasOwn(ui, key)) return draft;
    delete ui[key];
    dropEmptyUi(file, path);
  } else make()[key] = clone(value);
  return done(draft, file);
}

/** Sets or removes one `ui:options` entry of the node (an emptied `ui:options` is removed). */
export function setUiOption(draft: StageDraftValue, path: FieldPath, key: string, value: Json | undefined): StageDraftValue {
  if (!key || UNSAFE_KEYS.has(key)) throw new EditError('notAnOption', { key });
  const { file, ui, make } = nodeUi(draft, path);
  if (value === undefined) {
    const options = ui?.['ui:options'];
    if (!ui || !isObject(options) || !Object.hasOwn(options, key)) return draft;
    dropKey(ui, 'ui:options', key);
    dropEmptyUi(file, path);
  } else {
    const target = make();
    if (!isObject(target['ui:options'])) target['ui:options'] = {};
    (target['ui:options'] as JsonObject)[key] = clone(value);
  }
  return done(draft, file);
}

/** Makes the node required in its object (or optional). */
export function setRequired(draft: StageDraftValue, path: FieldPath, required: boolean): StageDraftValue {
  const { file, parent, name } = locate(draft, path);
  const list = strings(parent.required);
  if (list.includes(name) === required) return draft;
  const next = required ? [...(Array.isArray(parent.required) ? parent.required : []), name] : (parent.required as Json[]).filter((n) => n !== name);
  if (next.length) parent.required = next;
  else delete parent.required;
  return done(draft, file);
}

const GROUP_LAYOUTS: readonly string[] = ['plain', 'portlets', 'tabs', 'accordion'];
const LIST_LAYOUTS: readonly string[] = ['cards', 'table', 'accordion', 'tabs', 'portlets'];
/** Options only one layout reads: dropped when the list leaves it. */
const TABLE_OPTIONS = ['columns', 'sortable', 'reorderable'];

/** Changes a group's or list's layout (the `ui:field`, and the options that layout needs). */
export function setLayout(draft: StageDraftValue, path: FieldPath, layout: GroupLayout | ListLayout): StageDraftValue {
  const { file, schema } = locate(draft, path);
  const ui = uiOf(file, path, false);
  const kind = classify(schema, ui).kind;
  if (kind !== 'group' && kind !== 'list') throw new EditError('noLayout', { path: describe(path) });
  if (!(kind === 'group' ? GROUP_LAYOUTS : LIST_LAYOUTS).includes(layout)) throw new EditError(kind === 'group' ? 'groupLayout' : 'listLayout', { layout });
  if (layoutOf(kind, ui) === layout) return draft;
  const target = uiOf(file, path, true);
  if (layout === 'plain' || layout === 'cards') delete target['ui:field'];
  else target['ui:field'] = layout;
  const options = isObject(target['ui:options']) ? target['ui:options'] : {};
  if (kind === 'list') {
    if (layout !== 'table') for (const key of TABLE_OPTIONS) delete options[key];
    if (layout !== 'accordion' && layout !== 'tabs') delete options.labelKey;
    const items = isObject(schema.items) && isObject(schema.items.properties) ? schema.items : null;
    if (items) {
      // The panels' titles and the table's columns: the item's own texts, never its hidden id.
      const itemUi = isObject(target.items) ? target.items : {};
      const shown = fieldOrder(Object.keys(items.properties as JsonObject), itemUi['ui:order']).filter((n) => {
        const child = own(items.properties as JsonObject, n);
        const childUi = own(itemUi, n);
        return n !== 'id' && isObject(child) && !(isObject(childUi) && childUi['ui:widget'] === 'hidden');
      });
      if (layout === 'table' && !Array.isArray(options.columns) && shown.length) options.columns = shown.slice(0, 4);
      if ((layout === 'accordion' || layout === 'tabs') && options.labelKey === undefined) {
        const label = shown.find((n) => n === 'name') ?? shown.find((n) => (items.properties as JsonObject)[n] && (((items.properties as JsonObject)[n] as JsonObject).type === 'string'));
        if (label) options.labelKey = label;
      }
    }
  }
  if (Object.keys(options).length) target['ui:options'] = options;
  else delete target['ui:options'];
  dropEmptyUi(file, path);
  return done(draft, file);
}

/** Sets a choice field's values (in order; labels per value per locale under its `enumLabels`). */
export function setChoices(draft: StageDraftValue, path: FieldPath, values: string[]): StageDraftValue {
  const { file, schema } = locate(draft, path);
  const kind = classify(schema, uiOf(file, path, false)).kind;
  if (kind !== 'choice' && kind !== 'multiChoice') throw new EditError('notAChoice', { path: describe(path) });
  const target = kind === 'choice' ? schema : isObject(schema.items) ? schema.items : null;
  if (!target || target.$ref !== undefined) throw new EditError('sharedChoices', { path: describe(path) });
  const numeric = target.type === 'number' || target.type === 'integer';
  const unique = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  const next: Json[] = numeric ? unique.map(Number) : unique;
  if (numeric && next.some((n) => !Number.isFinite(n) || (target.type === 'integer' && !Number.isInteger(n)))) throw new EditError('choicesAreNumbers');
  const before = Array.isArray(target.enum) ? target.enum : [];
  if (sameJson(before, next)) return draft;
  if (!next.length) throw new EditError('choicesNeeded');
  target.enum = next;
  const prefixKey = `${NS}${nodeKey(file, 'choices', path)}`;
  if (typeof target.enumLabels !== 'string') target.enumLabels = prefixKey;
  if (kind === 'multiChoice' && typeof schema.enumLabels !== 'string' && target.enumLabels === prefixKey) schema.enumLabels = prefixKey;
  // A default that is no longer a choice would be refused by the engine's own checks.
  if (kind === 'choice' && schema.default !== undefined && !next.includes(schema.default)) delete schema.default;
  if (kind === 'multiChoice' && Array.isArray(schema.default)) schema.default = schema.default.filter((v) => next.includes(v));
  mapDefaults(file, path, (value) => (kind === 'choice' ? (next.includes(value) ? value : undefined) : Array.isArray(value) ? value.filter((v) => next.includes(v)) : value));
  let out = done(draft, file);
  // The removed choices' words go too, when they are this stage's own (a shared prefix is every stage's).
  const prefix = labelKey(target.enumLabels);
  if (prefix && prefix.startsWith(`choices.${fileSlug(file)}.`)) for (const gone of before.filter((v) => !next.includes(v))) out = withoutLabels(out, `${prefix}.${String(gone)}`);
  return out;
}

/** A pointer into a stage's data and a slug, or EditError. */
function checkedOptionsFrom(spec: OptionsFromSpec): OptionsFromSpec {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(spec.stage)) throw new EditError('unknownStage', { stage: spec.stage });
  if (!/^(\/[A-Za-z0-9_]+)+$/.test(spec.list)) throw new EditError('notAList', { list: spec.list });
  for (const key of [spec.valueKey, spec.labelKey]) if (!FIELD_NAME.test(key) || UNSAFE_KEYS.has(key)) throw new EditError('notAListField', { key });
  return spec;
}

/** Points an optionsFrom field at another stage's list. */
export function setOptionsFrom(draft: StageDraftValue, path: FieldPath, spec: OptionsFromSpec): StageDraftValue {
  checkedOptionsFrom(spec);
  const { file, schema, properties, name } = locate(draft, path);
  const ui = uiOf(file, path, true);
  if (classify(schema, ui).kind !== 'optionsFrom') throw new EditError('notOptionsFrom', { path: describe(path) });
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  ui['ui:options'] = { ...options, stage: spec.stage, optionsFrom: spec.list, valueKey: spec.valueKey, labelKey: spec.labelKey };
  // One value or several: the stored data changes shape, so the schema is written anew (its title kept).
  const multiple = schema.type === 'array' || shapeName(schema.$ref) === shapeName(ID_LIST_SHAPE);
  if (spec.multiple !== undefined && spec.multiple !== multiple) {
    const title = typeof schema.title === 'string' ? schema.title : `${NS}${nodeKey(file, 'fields', path)}`;
    properties[name] = optionsFromSchema(title, spec.valueKey, spec.multiple);
  }
  return done(draft, file);
}

/** The parent object schema of a path, or null (no editing: for reading). */
function parentOf(file: unknown, path: FieldPath): JsonObject | null {
  if (!path.length || path[path.length - 1] === ITEMS) return null;
  const parent = schemaAt(file, path.slice(0, -1));
  return parent && parent.$ref === undefined ? parent : null;
}

const KEYWORD = { visible: 'visibleIf', required: 'requiredIf' } as const;

/**
 * The node's `visibleIf` or `requiredIf` logic (on its parent object's schema, keyed by its name),
 * or undefined when it has none.
 */
export function conditionOf(file: unknown, path: FieldPath, which: 'visible' | 'required'): Json | undefined {
  const parent = parentOf(file, path);
  const conditions = parent ? parent[KEYWORD[which]] : undefined;
  return isObject(conditions) ? own(conditions, path[path.length - 1]) : undefined;
}

/** Sets (logic) or removes (undefined) the node's condition; an emptied `visibleIf` / `requiredIf` is removed. */
export function setCondition(draft: StageDraftValue, path: FieldPath, which: 'visible' | 'required', logic: Json | undefined): StageDraftValue {
  const { file, parent, name } = locate(draft, path);
  const keyword = KEYWORD[which];
  if (logic === undefined) dropKey(parent, keyword, name);
  else {
    if (!isObject(parent[keyword])) parent[keyword] = {};
    (parent[keyword] as JsonObject)[name] = clone(logic);
  }
  return done(draft, file);
}
