import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './database';

/**
 * The statements the server runs on (nearly) every request, built once per database instead of
 * on every call, as drizzle prepared queries (`.prepare(name)`) with `sql.placeholder`s for what
 * changes per request.
 *
 * Why (issue 10, profiled on PostgreSQL at 50 connections): building a query through drizzle's
 * SQL builder cost the server more CPU than answering the request, and PostgreSQL spent most of
 * its time parsing and planning the same texts again (`parse` 0.4-1.2 ms and `bind` 0.6-1.9 ms
 * against 0.2-0.3 ms to execute). A prepared query keeps its built text, and node-postgres sends
 * it as a named statement: each connection parses and plans it once and then only binds and
 * executes. On PGlite the built text is kept too.
 *
 * Keep this to statements on hot paths with a fixed shape: every name is a statement each pooled
 * connection keeps for its lifetime.
 *
 * @example
 * const byId = prepared(db, 'company_by_id', (name) => db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare(name));
 * const [row] = await byId.execute({ id: 7 });
 */
export function prepared<T>(db: Db | Tx, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build(name)));
  return statement;
}

// Per database (tests run many servers in one process, each on its own database); a transaction
// builds its own (the statement's name and text are the same, so each connection still parses it once).
const byDatabase = new WeakMap<Db | Tx, Map<string, unknown>>();

/**
 * Runs a statement built per request (its text varies with who asks, so `prepared` above does not
 * fit) as a named statement on PostgreSQL: each pooled connection parses and plans each distinct
 * text once and keeps the plan, since the name is `prefix` and a hash of the text. For a statement
 * whose planning costs more than running it (the search's: tens of index scans, each of which
 * finds its few rows in well under a millisecond). The text must hold its values as parameters, not
 * literals, or every value would make a new statement. On PGlite, as `db.execute`.
 */
export async function executeNamed(db: Db, prefix: string, query: SQL): Promise<{ rows: Array<Record<string, unknown>> }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!isPool(client)) return (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return client.query({ name, text, values: params });
}

interface NamedQueryPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** node-postgres's Pool (PGlite's client has no pool counters and no named statements). */
const isPool = (client: unknown): client is NamedQueryPool => typeof (client as { totalCount?: unknown } | null)?.totalCount === 'number';

const dialect = new PgDialect();
