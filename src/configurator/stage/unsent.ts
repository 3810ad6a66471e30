/**
 * Edits not yet acknowledged by the server, kept in the browser (localStorage) per user, config and
 * stage, with the data and version they were based on. They survive a closed tab, a lost network
 * or an expired session, and are offered again on the next visit (see ConfigStagePage).
 */

export interface UnsentEdits {
  /** The stage data as the user left it. */
  data: unknown;
  /** internal_data of the stage (internal route, staff), when edited. */
  internal?: Record<string, unknown>;
  /** The config version the edits were based on. */
  baseVersion: number;
  /** The stage data at that version: the user's own changes are the diff between it and `data`. */
  base: unknown;
  /** When they were kept (ms since epoch). */
  savedAt: number;
}

/** The part of Storage this needs (localStorage in the app, a Map-backed fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'portal.unsent';

/** Unsent edits older than this are dropped when read (a forgotten tab should not haunt a config). */
export const UNSENT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** @example unsentKey(7, 12, 'locations') // 'portal.unsent:7:12:locations' */
export function unsentKey(userId: number | string, configId: number | string, slug: string): string {
  return `${PREFIX}:${userId}:${configId}:${slug}`;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

/** Keeps the edits; false when the browser refused (quota, private mode): the page then says "Not saved". */
export function keepUnsent(key: string, edits: UnsentEdits, storage: KeyValueStorage | undefined = browserStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(edits));
    return true;
  } catch {
    return false;
  }
}

/** The kept edits, or null when there are none, they are unreadable, or too old (then removed). */
export function readUnsent(key: string, storage: KeyValueStorage | undefined = browserStorage(), now = Date.now()): UnsentEdits | null {
  if (!storage) return null;
  let parsed: unknown;
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const edits = parsed as Partial<UnsentEdits> | null;
  const valid = !!edits && typeof edits === 'object' && typeof edits.baseVersion === 'number' && typeof edits.savedAt === 'number' && 'data' in edits;
  if (!valid || now - (edits.savedAt as number) > UNSENT_MAX_AGE_MS) {
    forgetUnsent(key, storage);
    return null;
  }
  return edits as UnsentEdits;
}

export function forgetUnsent(key: string, storage: KeyValueStorage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}
