/**
 * A stage's data as read-only rows for the overview page: each field labelled by its schema title
 * (the engine's `fieldLabel`), each value formatted for reading: lists, addresses, opening hours,
 * Yes/No, enums by their label, ids of other stages by their names, empty as "—". Pure: the page
 * passes the translate function.
 */
import { fieldLabel, getStage, hiddenFields, referenceLabel, type CompanyFacts, type Translate } from '../../../engine';

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
  | { kind: 'items'; items: Array<{ title: string; named: boolean; fields: SummaryField[]; pointer: string }> };

export interface SummaryField {
  key: string;
  label: string;
  value: SummaryValue;
  /** Where the field is in the stage's data ('/locations/0/postcode'): the overview's review markers sit by it. */
  pointer: string;
}

export const EMPTY_TEXT = '—';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

interface Ctx {
  t: Translate;
  root: Schema;
  doc: Record<string, unknown>;
  slug: string;
  /** Names of items no longer in `doc` (a revision's removed franchise), for ids that point at them. */
  names?: ReadonlyMap<string, string>;
  /** The config's company (its region): a `visibleIf` reads it as `$company`, as in the form. */
  company?: CompanyFacts;
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

/** `at` and one more step of a JSON pointer (`~` and `/` escaped). */
const step = (at: string, key: string | number) => `${at}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

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
/**
 * The labels of the items an optionsFrom field may name, by id, and how to label an item gone from
 * the config by the name it had (history: a removed department reads as "Ventes", not its stored "Sales").
 */
function referenceLabels(ui: Ui | undefined, ctx: Ctx): { byId: Map<unknown, string>; removed: (name: string) => string } | null {
  const opts = ui?.['ui:options'] as { optionsFrom?: string; stage?: string; valueKey?: string; labelKey?: string } | undefined;
  if (ui?.['ui:widget'] !== 'optionsFrom' || !opts?.optionsFrom) return null;
  const list = atPointer(ctx.doc[opts.stage ?? ctx.slug], opts.optionsFrom);
  const source = { stage: opts.stage ?? ctx.slug, pointer: opts.optionsFrom, labelKey: opts.labelKey };
  const byId = new Map<unknown, string>();
  if (Array.isArray(list)) {
    list.forEach((item, index) => {
      if (item && typeof item === 'object') {
        const rec = item as Record<string, unknown>;
        // The engine's one labeller of references: the name, or "Locations 2 (no name)", never the id.
        byId.set(rec[opts.valueKey ?? 'id'], referenceLabel(rec, index, source, ctx.t));
      } else byId.set(item, String(item));
    });
  }
  return { byId, removed: (name) => referenceLabel({ [opts.labelKey ?? 'name']: name }, 0, source, ctx.t) };
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

/**
 * A short title for one item of a list of objects: its name-like field (`named`; an enum named by
 * `enumLabels`, a department's name, by its label), else the list's label and its position.
 * `of` is the item's schema, for those labels.
 */
function itemTitle(item: Record<string, unknown>, index: number, ui: Ui | undefined, label: string, of?: { schema: Schema; ctx: Ctx }): { title: string; named: boolean } {
  const key = (ui?.['ui:options'] as { labelKey?: string } | undefined)?.labelKey;
  for (const k of [key, 'name', 'divisionName', 'title', 'label', 'firstName']) {
    if (k && typeof item[k] === 'string' && (item[k] as string).trim()) {
      if (k === 'firstName' && typeof item.lastName === 'string') return { title: `${item[k]} ${item.lastName}`, named: true };
      const field = of ? resolve(of.schema.properties?.[k], of.ctx).schema : undefined;
      return { title: field && of ? scalarText(item[k], field, undefined, of.ctx) : (item[k] as string), named: true };
    }
  }
  return { title: `${label} ${index + 1}`, named: false };
}

function summarise(value: unknown, raw: Schema | undefined, ui: Ui | undefined, label: string, ctx: Ctx, parent?: unknown, at = ''): SummaryValue {
  const { schema, ref } = resolve(raw, ctx);
  if (isEmpty(value)) return { kind: 'empty' };
  const refs = referenceLabels(ui, ctx);
  if (refs) {
    const ids = Array.isArray(value) ? value : [value];
    // An id is never shown: an item gone from the config reads as such.
    const names = ids.map((id) => {
      const gone = refs.byId.has(id) ? undefined : ctx.names?.get(String(id));
      return refs.byId.get(id) ?? (gone === undefined ? ctx.t('common:configPages.overview.removedItem') : refs.removed(gone));
    });
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
        return { ...itemTitle(rec, i, ui, label, { schema: itemSchema, ctx }), fields: objectFields(rec, itemSchema, itemUi, ctx, value, step(at, i)), pointer: step(at, i) };
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
      return { kind: 'fields', fields: DAYS.map((day) => ({ key: day, label: fieldLabel(day, resolve(schema.properties?.[day], ctx).schema.title, ctx.t), value: { kind: 'text', text: dayText(rec[day] as Record<string, unknown>, ctx) }, pointer: step(at, day) })) };
    }
    const fields = objectFields(rec, schema, ui, ctx, parent, at);
    return fields.every((f) => f.value.kind === 'empty') ? { kind: 'empty' } : { kind: 'fields', fields };
  }
  return { kind: 'text', text: scalarText(value, schema, ui, ctx) };
}

/** Fields the form never shows: `ui:widget` / `ui:field` hidden, and row ids. */
const isHidden = (key: string, ui: Ui | undefined) => key === 'id' || ui?.['ui:widget'] === 'hidden' || ui?.['ui:field'] === 'hidden';

/** The fields of an object in schema order (then any extra keys), hidden ones left out. */
function objectFields(value: Record<string, unknown>, schema: Schema, ui: Ui | undefined, ctx: Ctx, parent?: unknown, at = ''): SummaryField[] {
  const props = schema.properties ?? {};
  // Fields the schema's `visibleIf` hides now (the other payment provider's keys) are not shown.
  const hiddenNow = new Set(hiddenFields(schema, value, parent, ctx.company));
  const order = (ui?.['ui:order'] as string[] | undefined)?.filter((k) => k !== '*') ?? [];
  const keys = [...new Set([...order, ...Object.keys(props)])].filter((k) => k in props);
  return keys
    .filter((key) => !isHidden(key, ui?.[key] as Ui | undefined) && !hiddenNow.has(key))
    .map((key) => {
      const fieldUi = ui?.[key] as Ui | undefined;
      const label = fieldLabel(key, resolve(props[key], ctx).schema.title ?? props[key]?.title, ctx.t);
      return { key, label, value: summarise(value[key], props[key], fieldUi, label, ctx, value, step(at, key)), pointer: step(at, key) };
    });
}

/**
 * The rows of one stage for the overview; `company` (the config's, its region) is what a `visibleIf` reads as `$company`.
 * @example stageSummary('franchises', config.data, t) // [{ key: 'franchises', label: 'Franchises', value: { kind: 'items', ... } }]
 */
export function stageSummary(slug: string, doc: Record<string, unknown>, t: Translate, company?: CompanyFacts): SummaryField[] {
  const stage = getStage(slug);
  const root = stage.schema as Schema;
  const ctx: Ctx = { t, root, doc, slug, company };
  const data = (doc[slug] ?? {}) as Record<string, unknown>;
  return objectFields(data, root, stage.uiSchema, ctx);
}

/** A summarised value as one line of text (the history and the conflict screen list values so). */
function oneLine(value: SummaryValue): string {
  switch (value.kind) {
    case 'empty':
      return EMPTY_TEXT;
    case 'text':
      return value.text;
    case 'list':
      return value.items.length ? value.items.join(', ') : EMPTY_TEXT;
    case 'lines':
      return value.lines.join(', ');
    case 'fields': {
      const filled = value.fields.filter((f) => f.value.kind !== 'empty');
      return filled.length ? filled.map((f) => `${f.label}: ${oneLine(f.value)}`).join('; ') : EMPTY_TEXT;
    }
    case 'items':
      return value.items.map((i) => i.title).join(', ');
  }
}

/** Where a JSON pointer into a stage leads: the labels of its steps (rows by their names), its schema and uiSchema. */
export interface PointerTarget {
  /** One label per step; a row is its name, else its list's label and position ("Locations 2"). */
  labels: string[];
  /** The pointer ends at a whole row of a list (then `labels` ends with the row's title). */
  row: boolean;
  schema: Schema;
  ui: Ui | undefined;
}

export interface PointerOptions {
  /** The whole config, for ids that point at other stages' items. */
  doc: Record<string, unknown>;
  /** The row at a pointer (its name labels it); default: read from `doc`. */
  rowAt?(pointer: string): unknown;
  names?: ReadonlyMap<string, string>;
  /** The config's company (its region): a `visibleIf` reads it as `$company`, as in the form. */
  company?: CompanyFacts;
}

const decode = (pointer: string) => (pointer === '' ? [] : pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')));

/**
 * The labels of a pointer into stage `slug`'s data, as the overview names them, or null when it
 * leads into a field the form hides (an id, `ui:widget: hidden`).
 * @example pointerTarget('locations', '/locations/0/franchises', { doc }, t)?.labels // ['Locations', 'Wisbech', 'Franchises']
 */
export function pointerTarget(slug: string, pointer: string, opts: PointerOptions, t: Translate): PointerTarget | null {
  const stage = getStage(slug);
  const ctx: Ctx = { t, root: stage.schema as Schema, doc: opts.doc, slug, names: opts.names, company: opts.company };
  const rowAt = opts.rowAt ?? ((p: string) => atPointer(opts.doc[slug], p));
  let schema = resolve(ctx.root, ctx).schema;
  let ui: Ui | undefined = stage.uiSchema;
  const labels: string[] = [];
  const parts = decode(pointer);
  let walked = '';
  let row = false;
  for (const part of parts) {
    walked += `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (/^\d+$/.test(part) && (schema.type === 'array' || schema.items)) {
      const item = rowAt(walked);
      const listLabel = labels.pop() ?? '';
      const title = item && typeof item === 'object' && !Array.isArray(item) ? itemTitle(item as Record<string, unknown>, Number(part), ui, listLabel, { schema: resolve(schema.items, ctx).schema, ctx }) : { title: `${listLabel} ${Number(part) + 1}`, named: false };
      // "Locations › Wisbech"; a row without a name is its list and position ("Locations 2").
      labels.push(...(title.named ? [listLabel, title.title] : [title.title]));
      row = true;
      schema = resolve(schema.items, ctx).schema;
      ui = ui?.items as Ui | undefined;
      continue;
    }
    const childUi = ui?.[part] as Ui | undefined;
    if (isHidden(part, childUi)) return null;
    // A field its object's `visibleIf` hides now (read from the data the pointer walks).
    if (schema.visibleIf) {
      const holder = walked.slice(0, walked.lastIndexOf('/'));
      const above = holder.slice(0, holder.lastIndexOf('/'));
      if (hiddenFields(schema, rowAt(holder), holder === '' ? undefined : rowAt(above), opts.company).includes(part)) return null;
    }
    const child = schema.properties?.[part];
    labels.push(fieldLabel(part, resolve(child, ctx).schema.title ?? child?.title, t));
    schema = resolve(child, ctx).schema;
    ui = childUi;
    row = false;
  }
  return { labels: labels.filter(Boolean), row, schema, ui };
}

/**
 * A value of the field `pointer` leads to, as one line of text: names for ids, rows by their
 * titles, objects as "Label: value; ...", hidden fields left out, never JSON.
 * @example valueText('locations', '/locations/0/franchises', ['k1'], { doc }, t) // 'Kia'
 */
export function valueText(slug: string, pointer: string, value: unknown, opts: PointerOptions, t: Translate): string {
  const target = pointerTarget(slug, pointer, opts, t);
  const ctx: Ctx = { t, root: getStage(slug).schema as Schema, doc: opts.doc, slug, names: opts.names, company: opts.company };
  if (!target) return EMPTY_TEXT;
  if (target.row && value && typeof value === 'object' && !Array.isArray(value)) {
    const rec = value as Record<string, unknown>;
    const title = itemTitle(rec, 0, target.ui, '', { schema: target.schema, ctx });
    return title.named ? title.title : oneLine(summarise(rec, target.schema, target.ui, '', ctx));
  }
  return oneLine(summarise(value, target.schema, target.ui, target.labels[target.labels.length - 1] ?? '', ctx));
}
