import { CACHE_MAX_AGE_MS, ResponseCache, resourceRoot, type CacheStorage } from './cache';
import { HttpError, NetworkError } from './HttpError';
import type { Translate } from './errorText';
import { withQuery } from './query';
import { requestId } from './requestId';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Serialised without brackets (see query.ts). */
  query?: Record<string, unknown>;
  /** Sent as JSON. */
  body?: unknown;
  /** GETs are cached for 15 minutes unless this is false (the bypass flag). */
  cache?: boolean;
  /** Send the bearer token (default true). The refresh call must not. */
  auth?: boolean;
  /** Send cookies even cross-origin ("with credentials": login and refresh). */
  withCredentials?: boolean;
  /** On a 401, re-check the session and retry once (default true). */
  recover?: boolean;
  /** Growl the error texts on failure (default true). */
  notify?: boolean;
  /** Cancel this request with `cancel(key)`; a newer request with the same key cancels the older one. */
  cancelKey?: string;
  signal?: AbortSignal;
  responseType?: 'json' | 'arraybuffer';
}

export interface HttpResponse<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** What the session layer plugs into the client (it sits above the client, not below). */
export interface HttpHooks {
  getToken(): string | null;
  /** Called on a 401: 'retry' when the session is good again (refreshed or signed in via the modal). */
  recover(): Promise<'retry' | 'lost'>;
  /** Called when a request got no response at all: the spec logs the user out. */
  onNetworkError(): void;
  /** Growls the texts of a failed request. */
  onError(messages: string[], error: HttpError): void;
  translate: Translate;
  /** Shows a server text in the user's language (the server speaks the English catalogue). */
  localise?: (text: string) => string;
  /** The language the user reads the app in, sent as Accept-Language (mails follow it). */
  language?: () => string | undefined;
}

type Fetch = typeof fetch;

/**
 * True while the page is being left (a reload, a link away). The browser then cancels what is in
 * flight, and those fetches fail like a lost network; taken as one, they signed the user out of
 * the page they were reloading (a silent refresh cut short by F5 cleared the stored session).
 * `pageshow` clears it when the back-forward cache brings the page back.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/**
 * The one HTTP client of the app (spec sections 7 and 8): JSON with the ajax header, bearer token,
 * bracket-free query strings, a request id and a 15-minute storage cache on GETs, cancellation
 * (cancelled requests resolve to undefined), the error-text order, 401 recovery and network-error
 * logout. The session layer provides the hooks, so this file knows nothing about React.
 */
export class HttpClient {
  private readonly inFlight = new Map<AbortController, string | undefined>();
  private hooks: HttpHooks | undefined;
  /** The last failed request's error; every request first clears it (spec section 8). */
  lastError: HttpError | NetworkError | null = null;
  readonly cache: ResponseCache;

  constructor(
    readonly baseUrl = '/api',
    storage: CacheStorage | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
    private readonly fetchImpl: Fetch = (...args) => fetch(...args),
  ) {
    this.cache = new ResponseCache(storage, Date.now, CACHE_MAX_AGE_MS);
  }

  configure(hooks: HttpHooks): void {
    this.hooks = hooks;
  }

  /** Cancels the requests started with `cancelKey: key`. */
  cancel(key: string): void {
    for (const [controller, k] of this.inFlight) if (k === key) controller.abort();
  }

  /** Cancels every request in flight (sign-out, session change). */
  cancelAll(): void {
    for (const controller of this.inFlight.keys()) controller.abort();
  }

  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T> | undefined> {
    this.lastError = null;
    const method = options.method ?? 'GET';
    // Cache keys are API paths (base-free), so a write to `/companies/7` can drop `/companies?...`.
    const key = withQuery(path, options.query);
    const url = this.baseUrl + key;
    const useCache = method === 'GET' && options.cache !== false && options.responseType !== 'arraybuffer';

    if (useCache) {
      const hit = this.cache.get(key);
      if (hit) return { status: hit.status, headers: hit.headers, body: hit.body as T };
    }

    if (options.cancelKey) this.cancel(options.cancelKey);
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort);
    if (options.signal?.aborted) controller.abort();
    this.inFlight.set(controller, options.cancelKey);

    const headers: Record<string, string> = {
      Accept: options.responseType === 'arraybuffer' ? '*/*' : 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (method === 'GET') headers['X-Request-Id'] = requestId();
    // The app's own choice, not the browser's languages: a reset mail comes in the language asked in.
    const language = this.hooks?.language?.();
    if (language) headers['Accept-Language'] = language;
    const token = options.auth === false ? null : this.hooks?.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: options.withCredentials ? 'include' : 'same-origin',
        signal: controller.signal,
      });
    } catch (cause) {
      this.inFlight.delete(controller);
      options.signal?.removeEventListener('abort', onOuterAbort);
      // Cancelled by us, or by the browser leaving the page: nothing to report, nobody to sign out.
      if (controller.signal.aborted || leavingPage) return undefined;
      const error = new NetworkError(cause);
      this.lastError = error;
      this.hooks?.onNetworkError();
      throw error;
    }

    let body: unknown;
    try {
      body = await readBody(response, options.responseType);
    } catch (cause) {
      if (controller.signal.aborted) return undefined;
      body = cause instanceof SyntaxError ? null : undefined;
    } finally {
      this.inFlight.delete(controller);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
    if (controller.signal.aborted) return undefined;

    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => (responseHeaders[key] = value));

    let sessionLost = false;
    if (response.status === 401 && options.recover !== false && this.hooks) {
      const outcome = await this.hooks.recover();
      if (outcome === 'retry') return this.request<T>(path, { ...options, recover: false });
      sessionLost = true;
    }

    if (!response.ok) {
      const error = new HttpError(response.status, body, this.hooks?.translate ?? ((key) => key), this.hooks?.localise);
      this.lastError = error;
      // A lost session has already sent the user to Login; a red growl there would only confuse.
      if (options.notify !== false && !sessionLost) this.hooks?.onError(error.messages, error);
      throw error;
    }

    if (useCache) this.cache.set(key, { status: response.status, headers: responseHeaders, body });
    else if (method !== 'GET') this.cache.clear(resourceRoot(path));
    return { status: response.status, headers: responseHeaders, body: body as T };
  }

  /** GET the body; undefined when cancelled. */
  async get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T | undefined> {
    return (await this.request<T>(path, { ...options, method: 'GET' }))?.body;
  }

  async post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T | undefined> {
    return (await this.request<T>(path, { ...options, method: 'POST', body }))?.body;
  }

  async put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T | undefined> {
    return (await this.request<T>(path, { ...options, method: 'PUT', body }))?.body;
  }

  async delete<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T | undefined> {
    return (await this.request<T>(path, { ...options, method: 'DELETE' }))?.body;
  }
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204) return null;
  if (responseType === 'arraybuffer' && response.ok) return response.arrayBuffer();
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}
