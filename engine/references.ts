/**
 * Helpers for data that points at other data: ids for new items and the options of a select whose
 * choices come from elsewhere in the configuration.
 */
import type { ConfigDocument } from './types';
import { getAt, parsePointer } from './json';
import { getStage, hasStage } from './stages/catalogue';
import { fieldLabel } from './validation/messages';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A new item id: 5 alphanumerics (spec section 9), unique among `existing`.
 * @example generateId(['a1b2c']) // e.g. 'Qx7pK'
 */
export function generateId(existing: Iterable<string> = []): string {
  const taken = new Set(existing);
  const cryptoApi = globalThis.crypto;
  for (;;) {
    const bytes = new Uint8Array(5);
    if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
    else for (let i = 0; i < 5; i++) bytes[i] = Math.floor(Math.random() * 256);
    let id = '';
    for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
    if (!taken.has(id)) return id;
  }
}

export interface ReferenceSource {
  /** JSON pointer into the whole configuration, e.g. '/franchises/franchises'. */
  path: string;
  /** Item property used as the value (default 'id'). */
  value?: string;
  /** Item property used as the label (default 'name'). */
  label?: string;
}

/**
 * The options of a select fed by other data in the configuration.
 * @example referenceOptions(doc, { path: '/franchises/franchises' }) // [{ value: 'f1', label: 'Ford' }]
 */
export function referenceOptions(doc: ConfigDocument, source: ReferenceSource): { value: string; label: string }[] {
  const items = getAt(doc, parsePointer(source.path));
  if (!Array.isArray(items)) return [];
  const valueKey = source.value ?? 'id';
  const labelKey = source.label ?? 'name';
  return items
    .filter((item) => item && typeof item === 'object' && (item as Record<string, unknown>)[valueKey] !== undefined)
    .map((item) => {
      const rec = item as Record<string, unknown>;
      const value = String(rec[valueKey]);
      const label = rec[labelKey];
      return { value, label: typeof label === 'string' && label ? label : value };
    });
}

/** Anything that translates a key with parameters (i18next's `t`, the engine's `engineT`). */
type TranslateFn = (key: string, params?: Record<string, unknown>) => string;

/**
 * The title of the list at `pointer` in stage `slug` ("Locations"), from the stage schema's titles;
 * the pointer's last step, humanised, when the schema has none.
 */
function listTitle(slug: string | undefined, pointer: string, t: TranslateFn): string {
  const parts = parsePointer(pointer).map(String);
  let node: Record<string, unknown> | undefined = slug && hasStage(slug) ? (getStage(slug).schema as Record<string, unknown>) : undefined;
  for (const part of parts) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[part];
  return fieldLabel(parts[parts.length - 1] ?? '', node?.title, t);
}

type SchemaNode = Record<string, unknown>;

/** A local `$ref` (`#/definitions/department-name`) of a bundled stage schema, followed. */
function followRef(node: SchemaNode | undefined, root: SchemaNode): SchemaNode | undefined {
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 8; hops++) {
    const name = node.$ref.split('/').pop() ?? '';
    node = (root.definitions as Record<string, SchemaNode> | undefined)?.[name];
  }
  return node;
}

/**
 * The `enumLabels` prefix of the label field of the list at `pointer` in stage `slug`, if that
 * field is an enum named so (a department's `name`: `configurator:departmentNames`), else null.
 */
function labelEnumPrefix(slug: string | undefined, pointer: string, labelKey: string): string | null {
  if (!slug || !hasStage(slug)) return null;
  const root = getStage(slug).schema as SchemaNode;
  let node: SchemaNode | undefined = root;
  for (const part of parsePointer(pointer).map(String)) node = followRef((followRef(node, root)?.properties as Record<string, SchemaNode> | undefined)?.[part], root);
  const item = followRef(node?.items as SchemaNode | undefined, root);
  const field = followRef((item?.properties as Record<string, SchemaNode> | undefined)?.[labelKey], root);
  return typeof field?.enumLabels === 'string' ? field.enumLabels : null;
}

/**
 * The label of an item another field points at: its `labelKey` ("Wisbech"; a label field that is
 * an enum named by `enumLabels` reads in the reader's language: a department "Sales" is "Ventes"
 * in French), or for an item saved without one its list and position, "Locations 2 (no name)",
 * never its id. The one labeller of references: the pickers (engine/react optionsFrom) and the
 * overview use it.
 * @example referenceLabel({ id: 'x1', name: '' }, 1, { stage: 'locations', pointer: '/locations' }, t) // 'Locations 2 (no name)'
 */
export function referenceLabel(item: unknown, index: number, source: { stage?: string; pointer: string; labelKey?: string }, t: TranslateFn): string {
  const labelKey = source.labelKey ?? 'name';
  const label = item && typeof item === 'object' ? (item as Record<string, unknown>)[labelKey] : item;
  if ((typeof label === 'string' && label.trim()) || typeof label === 'number') {
    const prefix = item && typeof item === 'object' ? labelEnumPrefix(source.stage, source.pointer, labelKey) : null;
    if (prefix) {
      const key = `${prefix}.${label}`;
      const text = t(key);
      if (text && text !== key && !key.endsWith(text)) return text;
    }
    return String(label);
  }
  return t('configurator:unnamedItem', { list: listTitle(source.stage, source.pointer, t), position: index + 1 });
}
