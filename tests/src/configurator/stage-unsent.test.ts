import { describe, expect, it } from 'vitest';
import { forgetUnsent, keepUnsent, readUnsent, unsentKey, UNSENT_MAX_AGE_MS, type KeyValueStorage } from '../../../src/configurator/stage/unsent';

function memory(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const edits = { data: { group: { twitter: 'x' } }, baseVersion: 7, base: { group: {} }, savedAt: 1_000 };

describe('unsent edits in browser storage', () => {
  it('keys by user, config and stage', () => {
    expect(unsentKey(4, 12, 'locations')).toBe('portal.unsent:4:12:locations');
    expect(unsentKey(4, 12, 'locations')).not.toBe(unsentKey(5, 12, 'locations'));
  });

  it('keeps, reads back and forgets the edits with their base version', () => {
    const storage = memory();
    const key = unsentKey(4, 12, 'social-feeds');
    expect(keepUnsent(key, edits, storage)).toBe(true);
    expect(readUnsent(key, storage, 2_000)).toEqual(edits);
    forgetUnsent(key, storage);
    expect(readUnsent(key, storage, 2_000)).toBeNull();
  });

  it('drops unreadable or too old entries instead of offering them', () => {
    const storage = memory();
    storage.setItem('k1', '{not json');
    expect(readUnsent('k1', storage)).toBeNull();
    expect(storage.map.has('k1')).toBe(false);
    storage.setItem('k2', JSON.stringify({ data: {}, savedAt: 1 }));
    expect(readUnsent('k2', storage)).toBeNull();
    keepUnsent('k3', edits, storage);
    expect(readUnsent('k3', storage, edits.savedAt + UNSENT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.map.has('k3')).toBe(false);
  });

  it('says so when the browser refuses to store (quota, private mode)', () => {
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(keepUnsent('k', edits, full)).toBe(false);
    expect(keepUnsent('k', edits, undefined)).toBe(false);
  });
});
