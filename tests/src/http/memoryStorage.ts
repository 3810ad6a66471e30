import type { CacheStorage } from '../../../src/http/cache';

/** A Web Storage over a Map (node has no sessionStorage). */
export function memoryStorage(): CacheStorage & { size(): number } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    size: () => map.size,
  };
}
