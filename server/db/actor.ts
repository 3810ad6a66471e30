/**
 * Who is writing (issue 58's audit log): each write statement reaches the database with the
 * request's person and address in the session setting `portal.actor`, which the audit triggers
 * (migration 0033, `audit_row()`) read in the same transaction as the write. Nothing has to pass
 * the person down through the services: the request's context (`requestContext`, an
 * AsyncLocalStorage entered for every request by server/plugins/request-context.ts) is read where
 * the statement is sent.
 *
 * The setting is set on the connection the write runs on, just before it, and only when it differs
 * from what that connection already holds (most writes of a request, and every read, cost nothing
 * more):
 * - PGlite has one connection and runs one statement (or transaction) at a time (take-turns.ts):
 *   the setting and the write run in the same turn, so no other request's write comes between;
 * - PostgreSQL: a write sent to the pool runs on a client checked out for it, set first; a
 *   transaction's client is set before its BEGIN.
 * Outside any request (the seed, migrations, the sweep's own jobs) the setting is empty, and the
 * triggers record nothing: the audit log is about what people did through the API.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request knows of its writer when it writes: the user once authenticated, and the address. */
export interface RequestActor {
  user: { id: number; name: string; email: string } | null;
  ip: string;
}

/** The request a statement is sent for (its `actor()` is read at the moment of each write). */
export const requestContext = new AsyncLocalStorage<{ actor(): RequestActor }>();

/** The setting's value for the statement about to run: JSON of the actor, or '' outside a request. */
function currentActorSetting(): string {
  const context = requestContext.getStore();
  if (!context) return '';
  const { user, ip } = context.actor();
  return JSON.stringify({ id: user?.id ?? null, name: user?.name ?? null, email: user?.email ?? null, ip });
}

/** A statement that may write a row (what the audit triggers fire on). A WITH may hold one. */
const MAY_WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

const mayWriteRows = (text: string): boolean => MAY_WRITE.test(text);

const SET_ACTOR = "select set_config('portal.actor', $1, false)";
const SET_ACTOR_LOCAL = "select set_config('portal.actor', $1, true)";

/** The text of a statement as node-postgres and PGlite take it (a string or `{ text }`). */
const statementText = (first: unknown): string => (typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? ''));

/** What PGlite's client offers that this needs (before take-turns.ts wraps it). */
interface PgliteLike {
  query(...args: never[]): Promise<unknown>;
  exec(...args: never[]): Promise<unknown>;
  transaction(...args: never[]): Promise<unknown>;
}

/**
 * PGlite: each write statement, and each transaction, first sets the actor when the connection's
 * value differs. Installed before `takeTurns`, so the setting and its statement are one turn.
 */
export function actorOnPglite(client: PgliteLike): void {
  const query = (client.query as (...args: unknown[]) => Promise<unknown>).bind(client);
  const transaction = (client.transaction as (fn: (tx: { query(...args: unknown[]): Promise<unknown> }) => Promise<unknown>) => Promise<unknown>).bind(client);
  // The connection's own (session) value. A transaction sets its value for itself alone
  // (is_local): a session value set inside one that rolls back would be undone, and this copy
  // would then be wrong.
  // null: not known (after an `exec`, whose scripts may RESET or SET anything), set again before the next write.
  let held: string | null = '';
  const exec = (client.exec as (...args: unknown[]) => Promise<unknown>).bind(client);
  (client as unknown as Record<string, unknown>).exec = async (...args: unknown[]) => {
    held = null;
    return exec(...args);
  };
  (client as unknown as Record<string, unknown>).query = async (...args: unknown[]) => {
    if (!mayWriteRows(statementText(args[0]))) return query(...args);
    const wanted = currentActorSetting();
    if (wanted !== held) {
      await query(SET_ACTOR, [wanted]);
      held = wanted;
    }
    return query(...args);
  };
  (client as unknown as Record<string, unknown>).transaction = (fn: (tx: { query(...args: unknown[]): Promise<unknown> }) => Promise<unknown>) =>
    transaction(async (tx) => {
      const wanted = currentActorSetting();
      if (wanted !== held) await tx.query(SET_ACTOR_LOCAL, [wanted]);
      return fn(tx);
    });
}

/** A node-postgres client as the pool hands it out. */
interface PgClientLike {
  query(...args: unknown[]): Promise<unknown>;
  release(err?: Error | boolean): void;
}

/** The actor each pooled connection holds, so a connection already set is not set again. */
const heldBy = new WeakMap<object, string>();

/** Sets the actor on a checked-out PostgreSQL connection when it holds another (session-level). */
export async function actorOnPgClient(client: PgClientLike): Promise<void> {
  const wanted = currentActorSetting();
  if ((heldBy.get(client) ?? '') === wanted) return;
  await client.query(SET_ACTOR, [wanted]);
  heldBy.set(client, wanted);
}

interface PoolLike {
  query(...args: never[]): Promise<unknown>;
  connect(): Promise<PgClientLike>;
}

/**
 * PostgreSQL: a write sent to the pool runs on a client checked out for it, the actor set first
 * (a broken connection is released with its error, so the pool drops it). Reads go to the pool as
 * before. Transactions set it themselves (database.ts, `actorOnPgClient` before BEGIN).
 */
export function actorOnPool(pool: PoolLike, isConnectionLost: (err: unknown) => boolean): void {
  const query = (pool.query as (...args: unknown[]) => Promise<unknown>).bind(pool);
  (pool as unknown as Record<string, unknown>).query = async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function' || !mayWriteRows(statementText(args[0]))) return query(...args);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await actorOnPgClient(client);
      return await client.query(...args);
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      // A statement's own error (a constraint) leaves the connection fine; only a lost one must go.
      client.release(broken && isConnectionLost(broken) ? broken : undefined);
    }
  };
}
