/**
 * The stage data of the configs this process last loaded or wrote, each with the version it
 * belongs to. A config's stage data only ever changes with its version (storeWrite is the one
 * writer of config_meta and bumps the version in the same statement), so data kept for version N
 * is exactly what the database holds while the row says N, on any instance. A load then reads the
 * config row alone (a few hundred bytes) and takes the stage data from here when the versions
 * match; on any difference it reads the stage data again.
 *
 * Measured (issue 7, `npm run bench -- config-writes`): a stage write on a config of 30 locations
 * read 174 KB of stage data back from the database before every write.
 *
 * Entries are shared between requests: callers must treat them as read-only (every write builds
 * new objects: configs.write.ts).
 *
 * One cache per app instance, as the named plugin `config-cache` (`app.configCache`), so what
 * holds the memory is visible in app.ts and a test reads the app's own cache.
 */
import fp from 'fastify-plugin';
import type { LoadedConfig } from './configs.types';
import { parseKey } from '../http/ids';

/** Enough for every config being edited at once on one instance; the oldest goes first. */
const MAX_ENTRIES = 128;

export class ConfigCache {
  private readonly byId = new Map<number, LoadedConfig>();
  private readonly idByGuid = new Map<string, number>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /** The id of a config kept here under `key` (its id or guid), if any. */
  idOf(key: string): number | undefined {
    const found = parseKey(key);
    const id = found?.guid !== undefined ? this.idByGuid.get(found.guid) : found?.id;
    return id !== undefined && this.byId.has(id) ? id : undefined;
  }

  /** The stage data kept for config `id` if it is for `version`, else nothing (and it is dropped). */
  get(id: number, version: number): LoadedConfig | undefined {
    const entry = this.byId.get(id);
    if (entry && entry.row.version === version) {
      this.hits++;
      // Most recently used last.
      this.byId.delete(id);
      this.byId.set(id, entry);
      return entry;
    }
    this.misses++;
    if (entry) this.drop(entry);
    return undefined;
  }

  /** Keeps `loaded` as the data of its version. */
  put(loaded: LoadedConfig): void {
    const old = this.byId.get(loaded.row.id);
    if (old) this.drop(old);
    if (this.byId.size >= this.maxEntries) {
      const oldest = this.byId.values().next().value;
      if (oldest) this.drop(oldest);
    }
    this.byId.set(loaded.row.id, loaded);
    this.idByGuid.set(loaded.row.guid.toLowerCase(), loaded.row.id);
  }

  private drop(entry: LoadedConfig): void {
    this.byId.delete(entry.row.id);
    this.idByGuid.delete(entry.row.guid.toLowerCase());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The stage data this instance last loaded or wrote, by version (configs.cache.ts). */
    configCache: ConfigCache;
  }
}

/** `app.configCache`: one ConfigCache per app instance. */
export const configCachePlugin = fp(
  async (app) => {
    app.decorate('configCache', new ConfigCache());
  },
  { name: 'config-cache' },
);
