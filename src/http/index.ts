import { HttpClient } from './client';

/** The app's single HTTP client; the session layer configures its hooks at start-up. */
export const http = new HttpClient('/api');

export { HttpClient } from './client';
export type { HttpHooks, HttpResponse, RequestOptions } from './client';
export { HttpError, NetworkError, hasServerMessage, isStaleWrite } from './HttpError';
export { errorText } from './errorText';
export { serializeQuery, withQuery } from './query';
