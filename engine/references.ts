/**
 * Helpers for data that points at other data: ids for new items and the options of a select whose
 * choices come from elsewhere in the configuration.
 */
import type { ConfigDocument } from './types';
import { getAt, parsePointer } from './json';

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
