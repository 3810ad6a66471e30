import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The i18next namespace holding stage titles, sections and field labels. */
export const CONFIGURATOR_NS = 'configurator';

const TEXT_KEYS = new Set(['title']);
const UI_TEXT_KEYS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'ui:submitButtonOptions']);

/**
 * The configurator `t`; a missing key shows its own text.
 * @example const t = useConfiguratorT(); t('company.name')
 */
export function useConfiguratorT(): TFunction {
  return useTranslation(CONFIGURATOR_NS).t;
}

function tr(t: TFunction, key: string): string {
  return t(key, { ns: CONFIGURATOR_NS, defaultValue: key }) as string;
}

/**
 * Copies a JSON Schema for the form: every `title` translated (they are i18n keys), and every
 * `description` left out. A schema's description documents the data for the people who edit stage
 * files ("Franchises are ids from the franchises stage"); what a dealer reads as help is the
 * uiSchema's `ui:description` / `ui:help`, which are i18n keys.
 *
 * `fieldTitles: 'ui'` leaves the titles of the form's own fields (the root, its properties and
 * items, not what a `$ref` reaches) as written: `titlesIntoUiSchema` gives them to the uiSchema as
 * `ui:title`. A label typed in the stage editor then changes the uiSchema only, which rjsf hands to
 * the one field it belongs to; a changed schema is rjsf's root schema, and every field drew itself
 * again for it (issue 56's keystroke budget).
 * @example translateSchema({ title: 'company.title', description: 'Notes for developers' }, t) // { title: 'Company information' }
 */
export function translateSchema<S>(schema: S, t: TFunction, fieldTitles: 'schema' | 'ui' = 'schema'): S {
  if (Array.isArray(schema)) return schema.map((s) => translateSchema(s, t)) as S;
  if (!schema || typeof schema !== 'object') return schema;
  const own = fieldTitles === 'ui';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (k === 'description' && typeof v === 'string') continue;
    if (TEXT_KEYS.has(k) && typeof v === 'string') out[k] = own ? v : tr(t, v);
    // `properties` and friends hold user-chosen names, which may be "title": recurse without translating them.
    else if (k === 'properties' && v && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, translateSchema(sub, t, fieldTitles)]));
    else if ((k === '$defs' || k === 'definitions' || k === 'patternProperties') && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, translateSchema(sub, t)]));
    } else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'required') out[k] = v;
    else if (k === 'items' && !Array.isArray(v)) out[k] = translateSchema(v, t, fieldTitles);
    else out[k] = translateSchema(v, t);
  }
  return out as S;
}

/**
 * The translated titles of the form's own fields (the root, properties and items: what
 * `translateSchema(..., 'ui')` left as written) as `ui:title` of a copy of the (translated) uiSchema;
 * a `ui:title` written in the file wins.
 * @example titlesIntoUiSchema({ properties: { name: { title: 'fields.name' } } }, {}, t) // { name: { 'ui:title': 'Name' } }
 */
export function titlesIntoUiSchema<U>(schema: unknown, uiSchema: U, t: TFunction): U {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return uiSchema;
  const node = schema as Record<string, unknown>;
  const ui: Record<string, unknown> = uiSchema && typeof uiSchema === 'object' && !Array.isArray(uiSchema) ? { ...(uiSchema as Record<string, unknown>) } : {};
  if (typeof node.title === 'string' && typeof ui['ui:title'] !== 'string') ui['ui:title'] = tr(t, node.title);
  const props = node.properties;
  if (props && typeof props === 'object') {
    for (const [name, sub] of Object.entries(props as Record<string, unknown>)) {
      if (!sub || typeof sub !== 'object') continue;
      const inner = titlesIntoUiSchema(sub, ui[name], t);
      if (inner && typeof inner === 'object' && Object.keys(inner).length) ui[name] = inner;
    }
  }
  const items = node.items;
  if (items && typeof items === 'object' && !Array.isArray(items)) {
    const inner = titlesIntoUiSchema(items, ui.items, t);
    if (inner && typeof inner === 'object' && Object.keys(inner).length) ui.items = inner;
  }
  return ui as U;
}

/**
 * Copies a uiSchema with `ui:title`, `ui:description`, `ui:help`, `ui:placeholder`, `ui:enumNames` and
 * string `ui:options` labels translated.
 * @example translateUiSchema({ name: { 'ui:help': 'company.nameHelp' } }, t)
 */
export function translateUiSchema<U>(uiSchema: U, t: TFunction): U {
  if (Array.isArray(uiSchema)) return uiSchema.map((s) => translateUiSchema(s, t)) as U;
  if (!uiSchema || typeof uiSchema !== 'object') return uiSchema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(uiSchema as Record<string, unknown>)) {
    if (UI_TEXT_KEYS.has(k) && typeof v === 'string') out[k] = tr(t, v);
    else if (k === 'ui:enumNames' && Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? tr(t, x) : x));
    else if (k === 'ui:options' && v && typeof v === 'object') {
      const o = { ...(v as Record<string, unknown>) };
      for (const key of ['title', 'description', 'help', 'placeholder', 'addLabel', 'emptyText']) {
        if (typeof o[key] === 'string') o[key] = tr(t, o[key] as string);
      }
      out[k] = o;
    } else out[k] = translateUiSchema(v, t);
  }
  return out as U;
}
