/**
 * Query-string serialisation without brackets (spec section 7): arrays repeat the key
 * (`ids=1&ids=2`), plain objects are sent as JSON (ra-data-simple-rest style: `filter={"q":"x"}`),
 * null and undefined are left out.
 *
 * @example serializeQuery({ sort: ['name', 'ASC'], ids: [1, 2] }) // 'sort=name&sort=ASC&ids=1&ids=2'
 */
export function serializeQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === undefined || item === null) continue;
        search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

/** Joins a path and serialised params: `withQuery('/api/terms', { taxonomy: 'region' })` -> `/api/terms?taxonomy=region`. */
export function withQuery(path: string, params?: Record<string, unknown>): string {
  const query = serializeQuery(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
