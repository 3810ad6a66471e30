/**
 * Reading legacy cells and merging a legacy item into an existing one: the rules every stage's
 * mapping shares (server/migration/README.md "Matching and conflicts").
 */

/** Names compare trimmed, case- and space-insensitively ("Demo Motors  leeds" = "demo motors Leeds"). */
export const norm = (s: unknown) => String(s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** A yes/no cell: 1, y, yes, true, x are yes. */
export const yes = (s: string | undefined) => /^(1|y|yes|true|x|oui|ja)$/i.test((s ?? '').trim());

/** A list cell: names separated by `;` or `|` (JSON lists arrive joined with `;`). */
export const listOf = (s: string | undefined) => (s ?? '').split(/[;|]/).map((x) => x.trim()).filter(Boolean);

/** The object without its empty strings and empty nested objects (a legacy blank never overwrites). */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === '') continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = compact(v as Record<string, unknown>);
      if (Object.keys(inner).length) out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out as Partial<T>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const keyOf = (v: unknown) => (typeof v === 'string' ? norm(v) : JSON.stringify(v));
const same = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? norm(a) === norm(b) : JSON.stringify(a) === JSON.stringify(b));

export interface Merged<T> {
  item: T;
  /** Something the existing item lacked was added (an empty field filled, a reference added). */
  filled: boolean;
  /** Fields whose legacy value differs from the existing one (the existing value is kept). */
  conflicts: string[];
}

/**
 * The existing item with the legacy one's values where the existing item has none; a value both
 * have and that differs is a conflict and the existing value stays. `unionKeys` are id lists:
 * the legacy ids are added to the existing ones.
 */
export function mergeItem<T extends Record<string, unknown>>(existing: T, legacy: Record<string, unknown>, unionKeys: readonly string[] = [], at = ''): Merged<T> {
  const item: Record<string, unknown> = { ...existing };
  let filled = false;
  const conflicts: string[] = [];
  for (const [k, v] of Object.entries(legacy)) {
    const old = existing[k];
    if (unionKeys.includes(k) && Array.isArray(v)) {
      const before = Array.isArray(old) ? (old as unknown[]) : [];
      // A set of the values already there: a department gathers hundreds of locations and numbers.
      const had = new Set(before.map(keyOf));
      const added = v.filter((x) => !had.has(keyOf(x)));
      if (added.length) {
        item[k] = [...before, ...added];
        filled = true;
      }
    } else if (old === undefined || old === '' || (Array.isArray(old) && !old.length)) {
      item[k] = v;
      filled = true;
    } else if (isObject(old) && isObject(v)) {
      const inner = mergeItem(old, v, [], `${at}${k}.`);
      item[k] = inner.item;
      filled ||= inner.filled;
      conflicts.push(...inner.conflicts);
    } else if (!same(old, v)) {
      conflicts.push(`${at}${k}`);
    }
  }
  return { item: item as T, filled, conflicts };
}

/** The first day of the window: news and offers dated before it are older than 3 months. */
export function threeMonthsBefore(today: Date): Date {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, today.getUTCDate()));
  return d;
}

/** A legacy date: 2026-05-31 (ISO, with or without time) or 31/05/2026 (UK order); null when neither. */
export function legacyDate(s: string | undefined): Date | null {
  const text = (s ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return validDate(+m[3], +m[2], +m[1]);
  return null;
}

function validDate(y: number, mo: number, d: number): Date | null {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}
