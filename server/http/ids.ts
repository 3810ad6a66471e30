/**
 * The one reading of an id written in a path, query or form field: a numeric id, a guid, or
 * neither. Every area finds rows by these (companies, configs, media, posts, products, roles), so
 * they all share the bounds here: a numeric id is 1 to MAX_ID (a PostgreSQL integer: a larger one
 * cannot exist, and asking the database for it would fail with a 500), a guid is compared in lower
 * case (the form the database prints and the config cache keys by).
 */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The largest PostgreSQL `integer`, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** A guid (8-4-4-4-12 hex digits, either case) as a JSON Schema pattern: a path that takes a guid only. */
export const GUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const GUID = new RegExp(GUID_PATTERN);

/** A database id in a route schema (a body's or path's integer): 1 to MAX_ID. */
export const dbId = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
/** A database id or null (a link that may be cleared). */
export const nullableDbId = { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID } as const;

/** True for a guid in either case. */
export const isGuid = (text: string): boolean => GUID.test(text);

/**
 * The numeric id a text names: digits only (no sign, space or decimal point), 1 to MAX_ID;
 * otherwise null (a key that names no row).
 * @example parseId('42') // 42
 * @example parseId('0') // null
 * @example parseId('2147483648') // null
 * @example parseId('4e2') // null
 */
export function parseId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** What a path's id-or-guid names. */
export type Key = { id: number; guid?: undefined } | { guid: string; id?: undefined };

/**
 * An id-or-guid path parameter read once: `{ id }` for a numeric id, `{ guid }` (lower case) for a
 * guid, null for anything else, which the caller answers as not found (404).
 * @example parseKey('7') // { id: 7 }
 * @example parseKey('0B7C5A52-7F7E-4F4E-9A53-2D1C8E0F6A11') // { guid: '0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11' }
 * @example parseKey('demo-motors') // null
 */
export function parseKey(key: string | number): Key | null {
  const text = String(key);
  if (isGuid(text)) return { guid: text.toLowerCase() };
  const id = parseId(text);
  return id === null ? null : { id };
}

/** The condition that finds a row by an id-or-guid key in its `id` or `guid` column; null for a key that is neither (not found). */
export function whereKey(key: string | number, id: PgColumn, guid: PgColumn): SQL | null {
  const found = parseKey(key);
  if (!found) return null;
  return found.guid !== undefined ? eq(guid, found.guid) : eq(id, found.id);
}
