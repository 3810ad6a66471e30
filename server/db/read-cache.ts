/**
 * Reads answered from memory while the database has not changed, on either database, and never
 * after it has: a logout, a revoked session, a changed permission or any other write takes effect
 * on the very next request, on every instance.
 *
 * How a read knows the database has not changed (the entry's `state`):
 * - PGlite: this process is the only one that can open the data folder (the data-folder lock) and
 *   every statement passes through the one client, so `trackWrites` sees each change as it happens
 *   and moves `generation` on. No query is needed.
 * - PostgreSQL: other instances write too. Each request asks the database once for its current
 *   snapshot (`pg_current_snapshot()`: the transactions finished and in flight), a cheap query with
 *   no table, shared by the requests that ask in the same turn of the event loop (`stateOf`). Two
 *   equal snapshots see exactly the same data, and any write that commits changes the snapshot of
 *   every later request, on every instance. An entry is served only to a request whose snapshot is
 *   the one it was read under (a request that began after a write never is). The request's
 *   snapshot is asked again when this process wrote meanwhile (a request that writes, then reads).
 *   Every write anywhere on the server (every database of the cluster: ids of transactions are
 *   shared) ends every entry: this serves read-mostly traffic, such as every page's
 *   `users/current` and the staff lists, not correctness under writes.
 * - The sign-in check (`readAuth`) reads only users, sessions, the roles given to users and the
 *   permissions of roles. Those tables move a counter of their own when a transaction that changed
 *   them commits (migration 0015: `read_generations`, bumped by triggers), read in the same query as
 *   the snapshot. On PostgreSQL a sign-in check is kept while that counter stands, whatever else is
 *   written, so a stream of stage writes no longer runs the check on every request (issue 32); a
 *   logout, a revoked session, a disabled user or a changed role moves the counter and takes effect
 *   on the next request, on every instance. On PGlite it ends with every write, as the rest.
 *
 * Measured (issue 10): on PostgreSQL `users/current` went from three round trips and the planning
 * of two joins per request to one round trip of a prepared one-line query, shared under load.
 *
 * Loads are shared too (single flight): a request that misses joins a load of the same key that
 * is running under the same state (the same snapshot and counter, the same local generation), so
 * 50 connections opening the same dashboard at once run its statement once, not 50 times over the
 * pool (without it a cold dashboard under load queued past DB_QUERY_TIMEOUT_MS and answered 503s,
 * bench/dashboard.ts). Only the same state: a request that began after a commit never joins a load
 * that began before it (that answer is older than what the request must see, and it would be kept
 * under the newer state until the next commit; issue 53 saw it stale for up to 10 s).
 *
 * Values are shared between requests: callers must treat them as read-only.
 */
/**
 * What the database looked like for a request: `all` for reads that may depend on any table,
 * `auth` for the sign-in check (the counter of the sign-in tables). Equal text, equal data.
 */
interface RequestState {
  all: string;
  auth: string;
}

/** What the snapshot query answers: the database's snapshot, and the sign-in tables' counter. */
export interface DatabaseState {
  snapshot: string;
  auth: string;
}

/** One snapshot query and the requests that share it. */
interface Batch {
  generation: number;
  state: Promise<RequestState>;
}

type Entry = { value: unknown; state: string; until: number; bytes: number };

export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  /** Sign-in checks (`readAuth`): on PostgreSQL kept across writes to other tables. */
  private readonly authEntries = new Map<string, Entry>();
  /** What the entries that said their size hold (`read`'s `bytes`), at most `maxBytes`. */
  private bytes = 0;
  /** Each request's state, asked once (PostgreSQL). */
  private readonly states = new WeakMap<object, Batch>();
  /** The snapshot query not yet sent, which a request asking now joins. */
  private pending: Batch | null = null;
  /** Loads running, by scope, state and key: a request that misses under the same state joins one. */
  private readonly loading = new Map<string, Promise<unknown>>();
  hits = 0;
  misses = 0;
  /** Requests that missed and joined a load already running instead of starting one. */
  joined = 0;

  /**
   * `snapshot`: PostgreSQL's current snapshot as text, with the sign-in tables' counter (null on
   * PGlite: `generation` alone tells; a snapshot alone: the sign-in check ends with it too).
   * `enabled: false` always loads.
   */
  constructor(
    private readonly snapshot: (() => Promise<string | DatabaseState>) | null,
    readonly enabled = true,
    private readonly maxEntries = 20_000,
    // Kept answers are bytes (a config of 30 locations some 200 KiB): the oldest go first past this.
    private readonly maxBytes = 256 * 1024 * 1024,
  ) {}

  /** How many times this process wrote (or may have): a statement that changed nothing is not counted. */
  get localWrites(): number {
    return this.generation;
  }

  /** This process wrote (or may have): nothing read before now may be served again. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    // On PostgreSQL a sign-in check is judged by the counter each request reads (after this write,
    // a new query: `stateOf`), so only PGlite, which reads none, ends them here.
    if (!this.snapshot) this.authEntries.clear();
  }

  /**
   * What the database looked like for `request`: the same text means the same data.
   *
   * On PostgreSQL the requests that ask within one turn of the event loop share one query, sent
   * on the next turn (setImmediate): it is sent after each of them began, so its snapshot holds
   * every commit any of them could have seen. A request that asks once the query is on its way
   * waits for the next one. Under load this is one round trip for many requests instead of one
   * each (measured in `npm run bench -- api`).
   */
  private stateOf(request: object): Promise<RequestState> | RequestState {
    if (!this.snapshot) return { all: `g${this.generation}`, auth: `g${this.generation}` };
    const known = this.states.get(request);
    if (known && known.generation === this.generation) return known.state;
    let batch = this.pending;
    if (!batch || batch.generation !== this.generation) {
      const generation = this.generation;
      const snapshot = this.snapshot;
      const next: Batch = {
        generation,
        state: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          // From here on a new request joins the next batch: this query may already be running.
          if (this.pending === next) this.pending = null;
          return snapshot().then((s) => {
            const state = typeof s === 'string' ? { snapshot: s, auth: `s${s}` } : { snapshot: s.snapshot, auth: `a${s.auth}` };
            return { all: `g${generation}:${state.snapshot}`, auth: state.auth };
          });
        }),
      };
      batch = next;
      this.pending = next;
    }
    this.states.set(request, batch);
    return batch.state;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /**
   * `read` for the sign-in check, whose load reads only users, sessions, user_roles,
   * role_permissions and permissions (the tables migration 0015 counts): on PostgreSQL it is kept
   * while none of those changed, whatever else is written.
   */
  readAuth<T>(request: object, key: string, load: () => Promise<T>, until?: (value: T) => number): Promise<T> {
    return this.serve('auth', request, key, load, until);
  }

  /**
   * `load()`'s value for `key`, from memory when the database has not changed since it was
   * loaded. `request` is what the read is for (the Fastify request): on PostgreSQL its snapshot is
   * asked once however many reads it makes. `until(value)` (epoch ms) ends an entry earlier, for
   * reads that depend on the clock (a session's expiry). `bytes(value)` is its size in memory,
   * for reads whose answers are large (kept answers): the oldest entries go past `maxBytes`.
   */
  read<T>(request: object, key: string, load: () => Promise<T>, until?: (value: T) => number, bytes?: (value: T) => number): Promise<T> {
    return this.serve('all', request, key, load, until, bytes);
  }

  private async serve<T>(scope: keyof RequestState, request: object, key: string, load: () => Promise<T>, until?: (value: T) => number, bytes?: (value: T) => number): Promise<T> {
    if (!this.enabled) return load();
    const entries = scope === 'auth' ? this.authEntries : this.entries;
    const generation = this.generation;
    const state = (await this.stateOf(request))[scope];
    const entry = entries.get(key);
    if (entry && entry.state === state && entry.until > Date.now()) {
      this.hits++;
      return entry.value as T;
    }
    this.misses++;
    // The state's text holds the local generation (all) or is kept across it (auth, PostgreSQL):
    // the same flight key means a load under exactly what this request sees.
    const flight = `${scope}\u0000${state}\u0000${key}`;
    const running = this.loading.get(flight) as Promise<T> | undefined;
    if (running) {
      this.joined++;
      return running;
    }
    const loaded = this.loadAndKeep(scope, entries, generation, state, key, load, until, bytes).finally(() => this.loading.delete(flight));
    this.loading.set(flight, loaded);
    return loaded;
  }

  private async loadAndKeep<T>(
    scope: keyof RequestState,
    entries: Map<string, Entry>,
    generation: number,
    state: string,
    key: string,
    load: () => Promise<T>,
    until?: (value: T) => number,
    bytes?: (value: T) => number,
  ): Promise<T> {
    const value = await load();
    // A write of this process that landed while loading may or may not be in `value`: keep it only
    // if none did. (Another instance's write is in a later snapshot: never served this value.)
    // A sign-in check on PostgreSQL is kept regardless: its state was read before the load, so the
    // value is at least as new as it, and a change committed since moved the counter (requests that
    // see the move never get this value).
    if (generation === this.generation || (scope === 'auth' && this.snapshot)) {
      const size = bytes ? bytes(value) : 0;
      if (scope === 'auth') {
        entries.delete(key);
        while (entries.size > 0 && entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
      } else {
        this.drop(key);
        while (entries.size > 0 && (entries.size >= this.maxEntries || this.bytes + size > this.maxBytes)) this.drop(entries.keys().next().value!);
        this.bytes += size;
      }
      entries.set(key, { value, state, until: until ? until(value) : Infinity, bytes: size });
    }
    return value;
  }
}

/** The parts of a PGlite client that run statements. */
interface StatementClient {
  query(sql: string, ...rest: unknown[]): Promise<{ affectedRows?: number }>;
  exec(sql: string, ...rest: unknown[]): Promise<unknown>;
  transaction<T>(fn: (tx: never) => Promise<T>): Promise<T>;
}

// A statement that only reads. `WITH` may hide a write (a data-modifying CTE): counted as a write.
const READ_ONLY = /^\s*(select|show|explain)\b/i;
// A plain write whose "rows affected" counts what it changed (0: nothing changed). Not a WITH
// statement: its count is that of the final SELECT, not of the writes inside it.
const COUNTED_WRITE = /^\s*(insert|update|delete)\b/i;

/** Whether a statement that ran may have changed data. */
export function mayHaveWritten(sql: string, affectedRows: number | undefined): boolean {
  if (READ_ONLY.test(sql)) return false;
  return !(COUNTED_WRITE.test(sql) && affectedRows === 0);
}

/**
 * Calls `onWrite` after every statement of `client` that may have changed data (`mayHaveWritten`),
 * every `exec`, and every transaction
 * (at its start, as it may hold locks and change rows, and at its end, commit or rollback).
 */
export function trackWrites(client: StatementClient, onWrite: () => void): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (sql: string, ...rest: unknown[]) => {
    const result = await query(sql, ...rest);
    if (mayHaveWritten(sql, result.affectedRows)) onWrite();
    return result;
  };
  client.exec = async (sql: string, ...rest: unknown[]) => {
    try {
      return await exec(sql, ...rest);
    } finally {
      onWrite();
    }
  };
  client.transaction = async <T>(fn: (tx: never) => Promise<T>) => {
    onWrite();
    try {
      return await transaction(fn);
    } finally {
      onWrite();
    }
  };
}

/** The part of node-postgres's Pool that runs statements (promise form, as drizzle calls it). */
interface PoolLike {
  query(...args: never[]): Promise<{ rowCount: number | null }>;
}

/**
 * `trackWrites` for node-postgres's pool: `onWrite` after each statement run on the pool itself
 * that may have changed data. Transactions run on a client of their own (database.ts), which
 * calls `onWrite` at their start and end.
 */
export function trackPoolWrites(pool: PoolLike, onWrite: () => void): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<{ rowCount: number | null }>;
  (pool as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const [config] = args as [string | { text?: string } | undefined];
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const result = await query(...args);
    if (mayHaveWritten(text, result?.rowCount ?? undefined)) onWrite();
    return result;
  };
}
