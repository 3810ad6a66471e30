/** The error body the API sends (design.md): `{ message, errors?: [{ detail, field? }] }`. */
export interface ApiErrorBody {
  message?: string;
  errors?: Array<{ detail?: string; field?: string }>;
}

/** Translates an i18next key (errors namespace); the HTTP layer stays free of React. */
export type Translate = (key: string) => string;

/**
 * The texts to show for a failed request, in the spec's order (section 8): the list of error
 * details, else the message, else the 401 or 404 text, else the unknown-error text.
 *
 * @example errorText(400, { errors: [{ detail: 'A' }, { detail: 'B' }] }, t) // ['A', 'B']
 * @example errorText(404, {}, t) // ['Page Not Found.']
 */
export function errorText(status: number | undefined, body: unknown, t: Translate): string[] {
  const parsed = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
  const details = Array.isArray(parsed.errors)
    ? parsed.errors.map((e) => (e && typeof e.detail === 'string' ? e.detail.trim() : '')).filter(Boolean)
    : [];
  if (details.length > 0) return details;
  if (typeof parsed.message === 'string' && parsed.message.trim()) return [parsed.message.trim()];
  if (status === 401) return [t('errors:unauthorised')];
  if (status === 404) return [t('errors:not_found')];
  return [t('errors:unknown_error')];
}
