import { errorText, type Translate } from './errorText';

/** A failed request with a response: status, parsed body and the texts to show (spec section 8 order). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly messages: string[];

  constructor(status: number, body: unknown, t: Translate, localise: (text: string) => string = (text) => text) {
    const messages = errorText(status, body, t).map(localise);
    super(messages.join('\n'));
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.messages = messages;
  }
}

/** A request that never got a response (server down, connection lost). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('network error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** Whether the server said what went wrong (a message or details), rather than a bare status. */
export function hasServerMessage(error: HttpError): boolean {
  const body = error.body as { message?: unknown; errors?: unknown[] } | null;
  return Boolean(body && typeof body === 'object' && ((typeof body.message === 'string' && body.message.trim()) || (Array.isArray(body.errors) && body.errors.length)));
}

/**
 * A write refused because the record changed since it was read (409 with the record's current
 * `version`): someone else's change. Other 409s are refusals in the server's own words (a closed
 * gate, a rule), which the user must read, not a conflict to resolve.
 */
export function isStaleWrite(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 409 && typeof (error.body as { version?: unknown } | null)?.version === 'number';
}
