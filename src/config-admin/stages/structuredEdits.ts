/**
 * The structured mode's edits of a stage draft (issue 31): pure functions on `{ file, labels }`, the
 * same objects the JSON tab shows and the server stores (`PUT /stage-catalogue/{slug}/draft`). Each
 * returns a new draft and leaves its input untouched; an edit that cannot apply throws `EditError`
 * with a message for staff.
 *
 * Where fields live: a *container* is the path of an object schema in the stage schema: `[]` for the
 * stage's own properties, `['keyContact']` for a top-level object written inline. An object that is a
 * shared shape (`$ref`) is not editable here: changing it would change every stage that uses it.
 *
 * Texts: a new field's title is an i18n key `configurator:fields.<stage>.<name>` and its words go
 * in `labels[locale]['fields.<stage>.<name>']` (the key without its `configurator:` prefix, as the
 * server's labels are written); a choice's words are `labels[locale]['choices.<stage>.<name>.<value>']`,
 * named by the field's `enumLabels` prefix.
 */

export type Labels = Record<string, Record<string, string>>;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A stage file as staff edit it (anything JSON: a draft may be broken) with its texts per locale. */
export interface StageDraftValue {
  file: unknown;
  labels: Labels;
}

export type FieldType = 'text' | 'number' | 'yesno' | 'choice';
export const FIELD_TYPES: readonly FieldType[] = ['text', 'number', 'yesno', 'choice'];

export interface NewField {
  /** The data's property name: a letter, then letters, digits or `_`. */
  name: string;
  type: FieldType;
  /** Label per locale (`en-GB` → 'Best time to call'); empty texts are left out. */
  labels?: Record<string, string>;
  required?: boolean;
  /** A choice field's first values. */
  choices?: string[];
}

/** One field of a container as the Fields tab lists it. */
export interface FieldSummary {
  name: string;
  /** The schema's title (an i18n key, or plain words). */
  title: string | null;
  type: string;
  required: boolean;
  /** An object written inline (its fields are a container of their own). */
  inline: boolean;
  /** A shared shape (`$ref`): edited in JSON only. */
  shape: string | null;
  choices: string[] | null;
}

export class EditError extends Error {}

const NS = 'configurator:';
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The i18n key (without `configurator:`) a text of the file names, or null for plain words. */
export const labelKey = (text: unknown): string | null => (typeof text === 'string' && text.startsWith(NS) && text.length > NS.length ? text.slice(NS.length) : null);

/** The stage's slug as the file says, else `stage`. */
export const fileSlug = (file: unknown): string => (isObject(file) && typeof file.slug === 'string' && file.slug ? file.slug : 'stage');

/** The object schema at a container, or null when there is none (or it is a shared shape). */
export function containerSchema(file: unknown, container: readonly string[]): JsonObject | null {
  if (!isObject(file) || !isObject(file.schema)) return null;
  let node: JsonObject = file.schema;
  for (const name of container) {
    const next = isObject(node.properties) ? node.properties[name] : undefined;
    if (!isObject(next)) return null;
    node = next;
  }
  if (node.$ref !== undefined || !isObject(node.properties)) return null;
  return node;
}

/** The uiSchema object of a container (created on the copy when `create`). */
function containerUi(file: JsonObject, container: readonly string[], create: boolean): JsonObject | null {
  if (!isObject(file.uiSchema)) {
    if (!create) return null;
    file.uiSchema = {};
  }
  let node = file.uiSchema as JsonObject;
  for (const name of container) {
    if (!isObject(node[name])) {
      if (!create) return null;
      node[name] = {};
    }
    node = node[name] as JsonObject;
  }
  return node;
}

function editable(draft: StageDraftValue, container: readonly string[]): { file: JsonObject; schema: JsonObject; properties: JsonObject } {
  const file = clone(draft.file);
  const schema = containerSchema(file, container);
  if (!isObject(file) || !schema) throw new EditError(container.length ? `"${container.join('/')}" is not an object with fields written in this stage.` : 'The file has no stage schema with properties.');
  return { file, schema, properties: schema.properties as JsonObject };
}

function fieldOf(properties: JsonObject, name: string): JsonObject {
  const field = properties[name];
  if (!isObject(field) || !Object.hasOwn(properties, name)) throw new EditError(`There is no field "${name}".`);
  return field;
}

/** The fields of a container, in the order the form shows them (`ui:order`, then the rest). */
export function listFields(file: unknown, container: readonly string[]): FieldSummary[] {
  const schema = containerSchema(file, container);
  if (!schema) return [];
  const properties = schema.properties as JsonObject;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const ui = isObject(file) ? containerUi(file as JsonObject, container, false) : null;
  return fieldOrder(Object.keys(properties), ui?.['ui:order']).map((name) => {
    const field = isObject(properties[name]) ? (properties[name] as JsonObject) : {};
    const ref = typeof field.$ref === 'string' ? field.$ref : null;
    return {
      name,
      title: typeof field.title === 'string' ? field.title : null,
      type: ref ? 'object' : Array.isArray(field.type) ? field.type.join('|') : typeof field.type === 'string' ? field.type : Array.isArray(field.enum) ? 'string' : 'unknown',
      required: required.has(name),
      inline: !ref && isObject(field.properties),
      shape: ref ? (ref.split('/').pop() ?? ref).replace(/\.json$/, '') : null,
      choices: Array.isArray(field.enum) ? field.enum.map((v) => String(v)) : null,
    };
  });
}

/** The names in form order: `ui:order`'s (its `*` standing for the names it does not list), else as written. */
export function fieldOrder(names: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...names];
  const listed = order.filter((n): n is string => typeof n === 'string' && (n === '*' || names.includes(n)));
  const rest = names.filter((n) => !listed.includes(n));
  const star = listed.indexOf('*');
  if (star < 0) return [...listed, ...rest];
  return [...listed.slice(0, star), ...rest, ...listed.slice(star + 1)];
}

/** Sets (or, with empty text, removes) one text of one locale. */
export function setLabel(draft: StageDraftValue, key: string, locale: string, text: string): StageDraftValue {
  const bare = key.startsWith(NS) ? key.slice(NS.length) : key;
  if (!/^[A-Za-z0-9_.-]+$/.test(bare)) throw new EditError(`"${key}" is not a text key.`);
  const labels = clone(draft.labels ?? {});
  const texts = { ...(labels[locale] ?? {}) };
  if (text === '') delete texts[bare];
  else texts[bare] = text;
  if (Object.keys(texts).length) labels[locale] = texts;
  else delete labels[locale];
  return { file: draft.file, labels };
}

function withLabels(draft: StageDraftValue, key: string, texts: Record<string, string> | undefined): StageDraftValue {
  let out = draft;
  for (const [locale, text] of Object.entries(texts ?? {})) if (text.trim()) out = setLabel(out, key, locale, text.trim());
  return out;
}

/**
 * Adds a field at the end of a container: text (up to 200 characters), number, yes / no or choice,
 * titled by a new key `configurator:fields.<stage>.<name>` with its labels. The container's order is
 * written as `ui:order` (the new field last).
 * @example addField(draft, [], { name: 'preferredTime', type: 'text', labels: { 'en-GB': 'Best time to call' } })
 */
export function addField(draft: StageDraftValue, container: readonly string[], spec: NewField): StageDraftValue {
  const name = spec.name.trim();
  if (!FIELD_NAME.test(name) || UNSAFE.has(name)) throw new EditError('A field name starts with a letter and has only letters, digits and _ (64 at most).');
  const { file, schema, properties } = editable(draft, container);
  if (Object.hasOwn(properties, name)) throw new EditError(`There is already a field "${name}" here.`);
  const slug = fileSlug(file);
  const path = [slug, ...container, name].join('.');
  const titleKey = `fields.${path}`;
  const field: JsonObject = { type: 'string', title: `${NS}${titleKey}` };
  if (spec.type === 'text') field.maxLength = 200;
  else if (spec.type === 'number') field.type = 'number';
  else if (spec.type === 'yesno') field.type = 'boolean';
  else {
    const choices = [...new Set((spec.choices ?? []).map((c) => c.trim()).filter(Boolean))];
    field.enum = choices;
    field.enumLabels = `${NS}choices.${path}`;
  }
  const before = listFields(file, container).map((f) => f.name);
  properties[name] = field;
  // The order is written out: a stored version's JSON (PostgreSQL jsonb) does not keep key order,
  // so without ui:order a published stage would show its fields in another order.
  const ui = containerUi(file, container, true)!;
  if (!Array.isArray(ui['ui:order'])) ui['ui:order'] = [...before, name];
  else if (!ui['ui:order'].includes('*')) ui['ui:order'] = [...ui['ui:order'], name];
  if (spec.required) schema.required = [...(Array.isArray(schema.required) ? schema.required : []), name];
  return withLabels({ file, labels: draft.labels ?? {} }, titleKey, spec.labels);
}

/**
 * Moves a field `by` places (-1 up, +1 down) in the form's order, written as the container's
 * `ui:order` (every field named, so the order is the one shown here).
 */
export function moveField(draft: StageDraftValue, container: readonly string[], name: string, by: number): StageDraftValue {
  const { file, properties } = editable(draft, container);
  fieldOf(properties, name);
  const ui = containerUi(file, container, true)!;
  const order = fieldOrder(Object.keys(properties), ui['ui:order']);
  const from = order.indexOf(name);
  const to = Math.max(0, Math.min(order.length - 1, from + by));
  if (from === to) return draft;
  order.splice(to, 0, ...order.splice(from, 1));
  ui['ui:order'] = order;
  return { file, labels: draft.labels ?? {} };
}

/** Makes a field required (or optional again). */
export function setRequired(draft: StageDraftValue, container: readonly string[], name: string, required: boolean): StageDraftValue {
  const { file, schema, properties } = editable(draft, container);
  fieldOf(properties, name);
  const list = (Array.isArray(schema.required) ? schema.required : []).filter((n) => n !== name);
  if (required) list.push(name);
  if (list.length) schema.required = list;
  else delete schema.required;
  return { file, labels: draft.labels ?? {} };
}

/**
 * Adds a choice to a field's enum, with its words per locale when the field names its labels
 * (`enumLabels`; a field without it gets `configurator:choices.<stage>.<name>`).
 */
export function addChoice(draft: StageDraftValue, container: readonly string[], name: string, value: string, labels?: Record<string, string>): StageDraftValue {
  const choice = value.trim();
  if (!choice) throw new EditError('A choice needs a value.');
  const { file, properties } = editable(draft, container);
  const field = fieldOf(properties, name);
  if (field.type !== undefined && field.type !== 'string') throw new EditError(`"${name}" is not a text field: choices are texts.`);
  const values = Array.isArray(field.enum) ? field.enum : [];
  if (values.includes(choice)) throw new EditError(`"${choice}" is already a choice.`);
  field.enum = [...values, choice];
  if (labels && Object.values(labels).some((t) => t.trim()) && typeof field.enumLabels !== 'string') field.enumLabels = `${NS}choices.${[fileSlug(file), ...container, name].join('.')}`;
  const prefix = labelKey(field.enumLabels);
  const out = { file, labels: draft.labels ?? {} };
  return prefix ? withLabels(out, `${prefix}.${choice}`, labels) : out;
}

/** Removes a field (and its place in `ui:order`, its uiSchema and its `required` entry). */
export function removeField(draft: StageDraftValue, container: readonly string[], name: string): StageDraftValue {
  const { file, schema, properties } = editable(draft, container);
  fieldOf(properties, name);
  delete properties[name];
  if (Array.isArray(schema.required)) {
    schema.required = schema.required.filter((n) => n !== name);
    if (!schema.required.length) delete schema.required;
  }
  const ui = containerUi(file, container, false);
  if (ui) {
    delete ui[name];
    if (Array.isArray(ui['ui:order'])) ui['ui:order'] = ui['ui:order'].filter((n) => n !== name);
  }
  return { file, labels: draft.labels ?? {} };
}

/** The containers the Fields tab offers: the stage itself, then each top-level object written inline. */
export function containers(file: unknown): string[][] {
  const out: string[][] = containerSchema(file, []) ? [[]] : [];
  for (const field of listFields(file, [])) if (field.inline) out.push([field.name]);
  return out;
}
