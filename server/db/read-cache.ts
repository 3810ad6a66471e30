/**
 * A read cache that is correct because it knows every write: on the embedded database (PGlite)
 * this process is the only one that can open the data folder (the data-folder lock), and every
 * statement passes through the one client, so `trackWrites` sees each change as it happens and
 * empties the cache. A read is then answered from memory until the next write, however short or
 * long that is: a logout, a revoked session, a changed permission or any other write takes effect
 * on the very next request.
 *
 * On PostgreSQL other instances write too and this process cannot see their writes, so the cache
 * is off there (`enabled: false`: every `read` goes to the database).
 *
 * Values are shared between requests: callers must treat them as read-only.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { value: unknown; until: number }>();
  hits = 0;
  misses = 0;

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 20_000,
  ) {}

  /** Something was written: nothing read before now may be served again. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * `load()`'s value for `key`, from memory when no write happened since it was loaded.
   * `until(value)` (epoch ms) ends an entry earlier, for reads that depend on the clock
   * (a session's expiry).
   */
  async read<T>(key: string, load: () => Promise<T>, until?: (value: T) => number): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) {
      this.hits++;
      return entry.value as T;
    }
    this.misses++;
    const generation = this.generation;
    const value = await load();
    // A write that landed while loading may or may not be in `value`: keep it only if none did.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: until ? until(value) : Infinity });
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
