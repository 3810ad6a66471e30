import { HttpError as RaHttpError } from 'react-admin';
import { HttpError, type HttpClient } from '../http';

/** Thrown when the HTTP client cancelled a request (it resolves to undefined); the provider turns it into empty data. */
export class CancelledRequest extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledRequest';
  }
}

/** What ra-data-simple-rest expects from its `httpClient` (react-admin's fetchUtils.fetchJson shape). */
export interface FetchJsonResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}
export type FetchJson = (url: string, options?: { method?: string; body?: BodyInit | null; signal?: AbortSignal | null; headers?: HeadersInit }) => Promise<FetchJsonResult>;

/**
 * Our error details `[{detail, field}]` as the `{field: message}` record react-admin puts on form
 * inputs (ra-core reads `error.body.errors`); details without a field stay in the message only.
 *
 * @example fieldErrors({ errors: [{ detail: 'The name field must be filled in', field: 'name' }] }) // { name: 'The name field must be filled in' }
 */
export function fieldErrors(body: unknown): Record<string, string> | undefined {
  const list = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return undefined;
  const out: Record<string, string> = {};
  for (const item of list as Array<{ detail?: unknown; field?: unknown }>) {
    if (typeof item?.field === 'string' && typeof item.detail === 'string' && item.field && !(item.field in out)) out[item.field] = item.detail;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * ra-data-simple-rest's `httpClient` over the app's one HTTP client, so every react-admin call keeps
 * the spec's client behaviour: request id, the 15-minute storage cache (`cache: false` bypasses it),
 * cancellation, 401 recovery and network-error logout. react-admin shows the error growl itself,
 * so the client does not growl a second time; field errors become react-admin's form errors.
 *
 * @example simpleRestProvider('/api', fetchJsonOver(http))
 */
export function fetchJsonOver(client: HttpClient, base = '/api', opts: { cache?: boolean } = {}): FetchJson {
  return async (url, options = {}) => {
    const parsed = new URL(url, 'http://app.invalid');
    const path = parsed.pathname.startsWith(base) ? parsed.pathname.slice(base.length) || '/' : parsed.pathname;
    const query = Object.fromEntries(parsed.searchParams);
    const method = (options.method ?? 'GET').toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const body = typeof options.body === 'string' && options.body ? (JSON.parse(options.body) as unknown) : undefined;
    let response;
    try {
      response = await client.request(path, { method, query, body, signal: options.signal ?? undefined, notify: false, cache: opts.cache });
    } catch (error) {
      if (error instanceof HttpError) {
        const errors = fieldErrors(error.body);
        throw new RaHttpError(error.message || String(error.status), error.status, errors ? { ...(error.body as object), errors } : error.body);
      }
      throw error;
    }
    if (!response) throw new CancelledRequest();
    return { status: response.status, headers: new Headers(response.headers), body: JSON.stringify(response.body), json: response.body };
  };
}
