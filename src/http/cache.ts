/** GET responses are kept this long in browser storage (spec section 9: 900000 ms). */
export const CACHE_MAX_AGE_MS = 15 * 60 * 1000;

const PREFIX = 'portal.http-cache:';

export interface CachedResponse {
  at: number;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The subset of Web Storage the cache needs (tests pass a Map-backed one). */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * A 15-minute GET cache in browser storage. Keys are the request URL without the request id;
 * entries of a resource are dropped when that resource is written, and all are dropped when the
 * session changes (a different user must never see the previous user's data).
 */
export class ResponseCache {
  private readonly clearListeners = new Set<(prefix: string) => void>();

  constructor(
    private readonly storage: CacheStorage | undefined,
    private readonly now: () => number = Date.now,
    private readonly maxAge = CACHE_MAX_AGE_MS,
  ) {}

  get(url: string): CachedResponse | undefined {
    if (!this.storage) return undefined;
    const raw = this.storage.getItem(PREFIX + url);
    if (!raw) return undefined;
    try {
      const entry = JSON.parse(raw) as CachedResponse;
      if (this.now() - entry.at > this.maxAge) {
        this.storage.removeItem(PREFIX + url);
        return undefined;
      }
      return entry;
    } catch {
      this.storage.removeItem(PREFIX + url);
      return undefined;
    }
  }

  set(url: string, entry: Omit<CachedResponse, 'at'>): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(PREFIX + url, JSON.stringify({ ...entry, at: this.now() }));
    } catch {
      // Storage full or disabled: the cache is an optimisation, carry on without it.
    }
  }

  /**
   * Calls `listener` with the prefix of every clear (after a write to that resource, `''` when the
   * session changes): the app's react-query cache (src/data/queryClient.ts) drops the same reads.
   * Returns the unsubscribe.
   */
  onClear(listener: (prefix: string) => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  /** Drops every entry whose URL starts with `prefix` (all entries without one). */
  clear(prefix = ''): void {
    for (const listener of this.clearListeners) listener(prefix);
    if (!this.storage) return;
    const doomed: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key && key.startsWith(PREFIX + prefix)) doomed.push(key);
    }
    for (const key of doomed) this.storage.removeItem(key);
  }
}

/**
 * The resource root of an API path, used to invalidate after writes.
 *
 * @example resourceRoot('/companies/7/users?x=1') // '/companies'
 * @example resourceRoot('/api/companies/7') // '/api/companies'
 */
export function resourceRoot(url: string): string {
  const path = url.split('?')[0];
  const parts = path.split('/').filter(Boolean);
  return '/' + parts.slice(0, parts[0] === 'api' ? 2 : 1).join('/');
}
