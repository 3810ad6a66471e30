import type { TFunction } from 'i18next';
import { fieldErrors } from '../data/restClient';
import { HttpError } from '../http';
import { localiseServerText } from '../i18n/serverText';

/**
 * A refused project write's field errors (422) keyed by the form's fields, in the reader's
 * language; the server names `project_manager_id`, the form `project_manager`.
 */
export function projectFieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const fields = fieldErrors(error.body) ?? {};
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(fields)) out[field.replace(/^\/?(body\.)?/, '').replace(/_id$/, '')] = localiseServerText(detail, (key, params) => t(key, params));
  return out;
}
