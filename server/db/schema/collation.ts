import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A text column in the collation lists sort by: ICU's root order ("und-x-icu"), on PostgreSQL and
 * PGlite alike (server/http/simple-rest.ts `collated` says why). An index that serves a sorted
 * list is built on the same expression, or the planner sorts every row instead of reading the
 * index in order.
 */
export const byReader = (column: AnyPgColumn): SQL => sql`${column} COLLATE "und-x-icu"`;
