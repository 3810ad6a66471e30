import { describe, expect, it } from 'vitest';
import { CACHE_MAX_AGE_MS, ResponseCache, resourceRoot } from '../../../src/http/cache';
import { memoryStorage } from './memoryStorage';

describe('ResponseCache', () => {
  it('keeps an entry for 15 minutes and drops it after', () => {
    let now = 1_000;
    const cache = new ResponseCache(memoryStorage(), () => now);
    cache.set('/api/terms?taxonomy=region', { status: 200, headers: {}, body: [1] });
    now += CACHE_MAX_AGE_MS;
    expect(cache.get('/api/terms?taxonomy=region')?.body).toEqual([1]);
    now += 1;
    expect(cache.get('/api/terms?taxonomy=region')).toBeUndefined();
  });

  it('clears by prefix and entirely', () => {
    const storage = memoryStorage();
    const cache = new ResponseCache(storage);
    cache.set('/api/companies', { status: 200, headers: {}, body: 1 });
    cache.set('/api/companies/7', { status: 200, headers: {}, body: 2 });
    cache.set('/api/terms', { status: 200, headers: {}, body: 3 });
    cache.clear('/api/companies');
    expect(cache.get('/api/companies')).toBeUndefined();
    expect(cache.get('/api/companies/7')).toBeUndefined();
    expect(cache.get('/api/terms')?.body).toBe(3);
    cache.clear();
    expect(storage.size()).toBe(0);
  });

  it('works without storage', () => {
    const cache = new ResponseCache(undefined);
    cache.set('/x', { status: 200, headers: {}, body: 1 });
    expect(cache.get('/x')).toBeUndefined();
  });
});

describe('resourceRoot', () => {
  it('is the first segment after /api', () => {
    expect(resourceRoot('/api/companies/7/users?x=1')).toBe('/api/companies');
    expect(resourceRoot('/api/login')).toBe('/api/login');
    expect(resourceRoot('/companies/7?x=1')).toBe('/companies');
  });
});
