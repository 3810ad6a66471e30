import { describe, expect, it } from 'vitest';
import { ConfigCache } from '../../../server/configs/configs.cache';
import type { LoadedConfig } from '../../../server/configs/configs.types';

// The stage data a server instance keeps between writes (server/configs/configs.cache.ts): only
// ever for the version it was read or written at. Two instances on one database are tested in
// instances.test.ts.

const config = (id: number, version: number, name = `v${version}`) =>
  ({
    row: { id, guid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, version },
    snapshot: { version, doc: { 'company-information': { name } }, states: {} },
  }) as unknown as LoadedConfig;

describe('ConfigCache', () => {
  it('gives back the data of the version asked for only, by id or guid, and forgets a stale one', () => {
    const cache = new ConfigCache();
    cache.put(config(7, 3));
    expect(cache.idOf('7')).toBe(7);
    expect(cache.idOf('00000000-0000-4000-8000-000000000007')).toBe(7);
    expect(cache.idOf('00000000-0000-4000-8000-000000000007'.toUpperCase())).toBe(7);
    expect(cache.get(7, 3)?.snapshot.doc).toEqual({ 'company-information': { name: 'v3' } });
    // The row moved on (another instance wrote): not served, and dropped.
    expect(cache.get(7, 4)).toBeUndefined();
    expect(cache.idOf('7')).toBeUndefined();
    expect(cache.get(7, 3)).toBeUndefined();
    expect(cache.idOf('8')).toBeUndefined();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new ConfigCache(2);
    cache.put(config(1, 1));
    cache.put(config(2, 1));
    expect(cache.get(1, 1)).toBeDefined(); // 1 is now the most recent
    cache.put(config(3, 1));
    expect(cache.idOf('2')).toBeUndefined();
    expect(cache.idOf('1')).toBe(1);
    expect(cache.idOf('3')).toBe(3);
    // A newer version replaces the old one.
    cache.put(config(3, 2, 'newer'));
    expect(cache.get(3, 2)?.snapshot.doc).toEqual({ 'company-information': { name: 'newer' } });
  });
});
