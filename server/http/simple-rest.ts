/**
 * The ra-data-simple-rest list protocol, shared by every list endpoint: `sort=["name","ASC"]`,
 * `range=[0,24]` and `filter={...}` as JSON in the query string, the total in `Content-Range`.
 * Each endpoint names its sortable columns and filter keys; anything else is a 400 in the error
 * shape (never ignored, never truncated silently).
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { BadRequest } from '../domain-errors';
import { assertStorable } from './input-guard';
import { byReader } from '../db/schema/collation';

/** react-admin's CSV export asks for 1,000 rows at once; a longer range is refused. */
export const MAX_PAGE = 1000;
const MAX_SEARCH = 100;

export interface SimpleRestQuery {
  sort?: string;
  range?: string;
  filter?: string;
}
export interface Range {
  start: number;
  end: number;
}
export interface Page<T> {
  items: T[];
  total: number;
  start: number;
  end: number;
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;

/** `%q%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Column types holding text people read: sorted as a reader expects, not by character code.
const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgChar']);

/**
 * A column as ORDER BY should compare it: text by the Unicode Collation Algorithm (ICU's root
 * collation, "und-x-icu", on PostgreSQL and on PGlite alike), so "Dacia" comes before "DS", "Mazda"
 * before "MG" and "Côte d'Azur" before "Cotswold"; the database's default collation ("C" on PGlite,
 * whatever initdb chose on a server) sorts by code point. The root order is the right one for every
 * locale the portal speaks (English, French and Dutch tailor nothing for these letters), so one
 * collation serves every reader and every list. Numbers, dates and enums sort as they are.
 */
export function collated(column: AnyPgColumn): AnyPgColumn | SQL {
  return TEXT_COLUMNS.has(column.columnType) ? byReader(column) : column;
}

/** A parser whose errors carry the endpoint's own message (e.g. serverMessages.companies.bad_query). */
export function simpleRest(message: string) {
  const bad = (field: string) => new BadRequest(message, [{ detail: message, field }]);

  function json(text: string | undefined, field: string): unknown {
    if (text === undefined || text === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw bad(field);
    }
    // The input guard saw the query text, where a NUL is still the escape `\u0000`: the parsed
    // JSON is checked the same way (a 400 naming e.g. `filter.q`), so no list's filter reaches SQL with one.
    assertStorable(value, field);
    return value;
  }

  /** The filter object; with `keys`, an unknown key is a 400 (a typo must not widen the list). */
  function filter(text: string | undefined, keys?: Iterable<string>): Record<string, unknown> {
    const raw = json(text, 'filter') ?? {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('filter');
    if (keys) {
      const allowed = new Set(keys);
      const unknown = Object.keys(raw).find((k) => !allowed.has(k));
      if (unknown) throw bad(`filter.${unknown}`);
    }
    return raw as Record<string, unknown>;
  }

  /** One id or a list of ids (numbers or digit strings); undefined when absent or empty. */
  function ids(value: unknown, field: string): number[] | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v));
    if (list.length > MAX_PAGE || !list.every(isId)) throw bad(`filter.${field}`);
    return list;
  }

  /** A value that must be one of `allowed`; undefined when absent or empty. */
  function oneOf<T extends string>(f: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
    const value = f[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || !allowed.includes(value as T)) throw bad(`filter.${key}`);
    return value as T;
  }

  /** A search text (trimmed, at most 100 characters); undefined when blank. */
  function search(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || value.length > MAX_SEARCH) throw bad(field);
    return value.trim() || undefined;
  }

  /** ORDER BY for `["column","ASC|DESC"]`; `tiebreak` (the id) keeps pages from repeating or skipping rows. */
  function sort(text: string | undefined, columns: Record<string, AnyPgColumn>, fallback: [string, 'ASC' | 'DESC'], tiebreak: AnyPgColumn): SQL[] {
    const raw = json(text, 'sort') ?? fallback;
    if (!Array.isArray(raw) || raw.length !== 2 || !Object.hasOwn(columns, String(raw[0])) || !/^(asc|desc)$/i.test(String(raw[1]))) throw bad('sort');
    const column = columns[String(raw[0])];
    const dir = /^desc$/i.test(String(raw[1])) ? desc : asc;
    return column === tiebreak ? [dir(column)] : [dir(collated(column)), dir(tiebreak)];
  }

  /** `[start, end]`, inclusive, at most MAX_PAGE rows. */
  function range(text: string | undefined, fallback: [number, number] = [0, 24]): Range {
    const raw = json(text, 'range') ?? fallback;
    if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((n) => Number.isInteger(n) && n >= 0 && n <= 1e9) || raw[1] < raw[0] || raw[1] - raw[0] >= MAX_PAGE) {
      throw bad('range');
    }
    return { start: raw[0], end: raw[1] };
  }

  return { bad, json, filter, ids, oneOf, search, sort, range };
}

/** The headers that carry a page's place and total as ra-data-simple-rest reads them (Content-Range; X-Total-Count too). */
export function pageHeaders(resource: string, page: Page<unknown>): Record<string, string> {
  return {
    'content-range': `${resource} ${page.start}-${page.end}/${page.total}`,
    'x-total-count': String(page.total),
    'access-control-expose-headers': 'Content-Range, X-Total-Count',
  };
}

/** The page as ra-data-simple-rest reads it: items in the body, the total in the headers. */
export function sendPage<T>(reply: FastifyReply, resource: string, page: Page<T>): T[] {
  reply.headers(pageHeaders(resource, page));
  return page.items;
}

/** The same page as a kept answer (server/http/kept-answer.ts). */
export const pageAnswer = async (resource: string, page: Promise<Page<unknown>>) => {
  const p = await page;
  return { body: p.items, headers: pageHeaders(resource, p) };
};

/** The Page of `items` fetched for `range` out of `total`. */
export const pageOf = <T>(items: T[], total: number, range: Range): Page<T> => ({ items, total, start: range.start, end: range.start + Math.max(items.length - 1, 0) });
