/**
 * A stage's data as read-only rows for the overview page: each field labelled by its schema title
 * (the engine's `fieldLabel`), each value formatted for reading: lists, addresses, opening hours,
 * Yes/No, enums by their label, ids of other stages by their names, empty as "—". Pure: the page
 * passes the translate function.
 */
import { fieldLabel, getStage, type Translate } from '../../../engine';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  title?: string;
  enum?: unknown[];
  enumLabels?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  definitions?: Record<string, Schema>;
};
type Ui = Record<string, unknown>;

export type SummaryValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'fields'; fields: SummaryField[] }
  | { kind: 'items'; items: Array<{ title: string; named: boolean; fields: SummaryField[] }> };

export interface SummaryField {
  key: string;
  label: string;
  value: SummaryValue;
}

export const EMPTY_TEXT = '—';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

interface Ctx {
  t: Translate;
  root: Schema;
  doc: Record<string, unknown>;
  slug: string;
}

/** The definition a local `$ref` names (`#/definitions/address`), with the referring schema's own keys on top. */
function resolve(schema: Schema | undefined, ctx: Ctx): { schema: Schema; ref?: string } {
  if (!schema) return { schema: {} };
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  if (!ref) return { schema };
  const target = resolve(ctx.root.definitions?.[ref], ctx);
  const { $ref: _ignored, ...own } = schema;
  return { schema: { ...target.schema, ...own }, ref: target.ref ?? ref };
}

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Reads a JSON pointer (`/franchises`) inside a value. */
function atPointer(value: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), value);
}

/** `optionsFrom` fields store ids of another stage's items: their labels, looked up in the whole config. */
function referenceLabels(ui: Ui | undefined, ctx: Ctx): Map<unknown, string> | null {
  const opts = ui?.['ui:options'] as { optionsFrom?: string; stage?: string; valueKey?: string; labelKey?: string } | undefined;
  if (ui?.['ui:widget'] !== 'optionsFrom' || !opts?.optionsFrom) return null;
  const list = atPointer(ctx.doc[opts.stage ?? ctx.slug], opts.optionsFrom);
  const map = new Map<unknown, string>();
  if (Array.isArray(list)) {
    for (const item of list) {
      if (item && typeof item === 'object') {
        const rec = item as Record<string, unknown>;
        map.set(rec[opts.valueKey ?? 'id'], String(rec[opts.labelKey ?? 'name'] ?? rec[opts.valueKey ?? 'id']));
      } else map.set(item, String(item));
    }
  }
  return map;
}

function scalarText(value: unknown, schema: Schema, ui: Ui | undefined, ctx: Ctx): string {
  if (typeof value === 'boolean') return ctx.t(value ? 'common:configPages.overview.yes' : 'common:configPages.overview.no');
  if (ui?.['ui:widget'] === 'password') return '••••••••';
  if (schema.enumLabels && (typeof value === 'string' || typeof value === 'number')) {
    const key = `${schema.enumLabels}.${value}`;
    const text = ctx.t(key);
    if (text && text !== key && !key.endsWith(text)) return text;
  }
  return String(value);
}

function addressLines(value: Record<string, unknown>, schema: Schema, ctx: Ctx): string[] {
  const props = schema.properties ?? {};
  const country = value.country ? scalarText(value.country, resolve(props.country, ctx).schema, undefined, ctx) : '';
  return [value.line1, value.line2, value.line3, value.town, value.county, country].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

function dayText(day: Record<string, unknown> | undefined, ctx: Ctx): string {
  if (!day || (!day.open && !day.appt)) return ctx.t('common:configPages.overview.closed');
  if (day.appt && !day.open) return ctx.t('common:configPages.overview.byAppointment');
  const spans = [`${day.open}–${day.close ?? ''}`];
  if (day.dual && day.open2) spans.push(`${day.open2}–${day.close2 ?? ''}`);
  const text = spans.join(', ');
  return day.appt ? `${text} (${ctx.t('common:configPages.overview.byAppointment')})` : text;
}

/** A short title for one item of a list of objects: its name-like field (`named`), else the list's label and its position. */
function itemTitle(item: Record<string, unknown>, index: number, ui: Ui | undefined, label: string): { title: string; named: boolean } {
  const key = (ui?.['ui:options'] as { labelKey?: string } | undefined)?.labelKey;
  for (const k of [key, 'name', 'divisionName', 'title', 'label', 'firstName']) {
    if (k && typeof item[k] === 'string' && (item[k] as string).trim()) {
      return { title: k === 'firstName' && typeof item.lastName === 'string' ? `${item[k]} ${item.lastName}` : (item[k] as string), named: true };
    }
  }
  return { title: `${label} ${index + 1}`, named: false };
}

function summarise(value: unknown, raw: Schema | undefined, ui: Ui | undefined, label: string, ctx: Ctx): SummaryValue {
  const { schema, ref } = resolve(raw, ctx);
  if (isEmpty(value)) return { kind: 'empty' };
  const refs = referenceLabels(ui, ctx);
  if (refs) {
    const ids = Array.isArray(value) ? value : [value];
    const names = ids.map((id) => refs.get(id) ?? String(id));
    return Array.isArray(value) ? { kind: 'list', items: names } : { kind: 'text', text: names[0] };
  }
  if (Array.isArray(value)) {
    const itemSchema = resolve(schema.items, ctx).schema;
    const itemUi = ui?.items as Ui | undefined;
    if (value.every((v) => v === null || typeof v !== 'object')) {
      return { kind: 'list', items: value.filter((v) => !isEmpty(v)).map((v) => scalarText(v, itemSchema, itemUi, ctx)) };
    }
    return {
      kind: 'items',
      items: value.map((item, i) => {
        const rec = (item ?? {}) as Record<string, unknown>;
        return { ...itemTitle(rec, i, ui, label), fields: objectFields(rec, itemSchema, itemUi, ctx) };
      }),
    };
  }
  if (typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    // Addresses (a site's, or a registered address of lines only) read as one line.
    if (ref === 'address' || (schema.properties && 'line1' in schema.properties)) {
      const lines = addressLines(rec, schema, ctx);
      return lines.length ? { kind: 'lines', lines } : { kind: 'empty' };
    }
    if (ref === 'opening-hours') {
      return { kind: 'fields', fields: DAYS.map((day) => ({ key: day, label: fieldLabel(day, resolve(schema.properties?.[day], ctx).schema.title, ctx.t), value: { kind: 'text', text: dayText(rec[day] as Record<string, unknown>, ctx) } })) };
    }
    const fields = objectFields(rec, schema, ui, ctx);
    return fields.every((f) => f.value.kind === 'empty') ? { kind: 'empty' } : { kind: 'fields', fields };
  }
  return { kind: 'text', text: scalarText(value, schema, ui, ctx) };
}

/** The fields of an object in schema order (then any extra keys), hidden ones left out. */
function objectFields(value: Record<string, unknown>, schema: Schema, ui: Ui | undefined, ctx: Ctx): SummaryField[] {
  const props = schema.properties ?? {};
  const order = (ui?.['ui:order'] as string[] | undefined)?.filter((k) => k !== '*') ?? [];
  const keys = [...new Set([...order, ...Object.keys(props)])].filter((k) => k in props);
  return keys
    .filter((key) => {
      const fieldUi = ui?.[key] as Ui | undefined;
      return fieldUi?.['ui:widget'] !== 'hidden' && fieldUi?.['ui:field'] !== 'hidden';
    })
    .map((key) => {
      const fieldUi = ui?.[key] as Ui | undefined;
      const label = fieldLabel(key, resolve(props[key], ctx).schema.title ?? props[key]?.title, ctx.t);
      return { key, label, value: summarise(value[key], props[key], fieldUi, label, ctx) };
    });
}

/**
 * The rows of one stage for the overview.
 * @example stageSummary('franchises', config.data, t) // [{ key: 'franchises', label: 'Franchises', value: { kind: 'items', ... } }]
 */
export function stageSummary(slug: string, doc: Record<string, unknown>, t: Translate): SummaryField[] {
  const stage = getStage(slug);
  const root = stage.schema as Schema;
  const ctx: Ctx = { t, root, doc, slug };
  const data = (doc[slug] ?? {}) as Record<string, unknown>;
  return objectFields(data, root, stage.uiSchema, ctx);
}
