/**
 * The task-template calls of the four screens (/tasks, /tasks/stages, /tasks/types,
 * /tasks/notifications) that react-admin's simple-rest provider does not make: writes whose
 * field errors the dialogs show under their inputs, sorting, and the type's multipart form (fetch,
 * since the app's client sends JSON only). Lists are read with react-admin's `useGetList`.
 */
import type { LocalNames } from '../../contract/names';
import { errorText, http, HttpError } from '../http';
import { localiseServerText } from '../i18n/serverText';
import { readToken } from '../session/storage';

export type TaskResource = 'tasks' | 'tasks/stages' | 'tasks/types' | 'tasks/notifications';
type Translate = (key: string, params?: Record<string, string>) => string;

/** A refused write: the texts to show and the ones that belong to a field. */
export class WriteRefused extends Error {
  constructor(
    readonly messages: string[],
    readonly fields: Record<string, string>,
  ) {
    super(messages.join('\n'));
  }
}

function refusal(status: number, body: unknown, t: Translate): WriteRefused {
  const details = (body as { errors?: Array<{ detail?: string; field?: string }> } | null)?.errors ?? [];
  const fields: Record<string, string> = {};
  for (const { detail, field } of details) if (field && detail && !fields[field]) fields[field] = localiseServerText(detail, t);
  return new WriteRefused(errorText(status, body, t).map((text) => localiseServerText(text, t)), fields);
}

/** Runs a JSON write through the app's client (no growl: the caller shows the words where they belong). */
async function write<T>(run: () => Promise<T | undefined>, t: Translate): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    if (error instanceof HttpError) throw refusal(error.status, error.body, t);
    throw error;
  }
}

const at = (resource: TaskResource, id?: number) => `/${resource}${id === undefined ? '' : `/${id}`}`;

/** POST (no id) or PUT (an id) of a template, stage or notification template. */
export const save = <T>(resource: Exclude<TaskResource, 'tasks/types'>, id: number | undefined, body: Record<string, unknown>, t: Translate) =>
  write<T & { message?: string }>(() => (id === undefined ? http.post(at(resource), body, { notify: false }) : http.put(at(resource, id), body, { notify: false })), t);

export const remove = (resource: TaskResource, id: number, t: Translate) => write<{ id: number; name: string; message: string }>(() => http.delete(at(resource, id), { notify: false }), t);

/** POST /{resource}/{id}/sort {to}; 'Value must be more than 0' / 'Value cannot be more than N' come back as the refusal. */
export const sortTo = (resource: Exclude<TaskResource, 'tasks/notifications'>, id: number, to: number, t: Translate) =>
  write<{ id: number; position: number }>(() => http.post(`${at(resource, id)}/sort`, { to }, { notify: false }), t);

/** What the type form sends: a name, its words per locale, a new icon file, or the icon removed. */
export interface TypeForm {
  name?: string;
  /** Sent as the JSON text of the object (a multipart field is text); replaces the stored ones, `{}` clears them. */
  names?: LocalNames;
  file?: File | null;
  removeIcon?: boolean;
}

/** POST /tasks/types (create) or /tasks/types/{id} (update) as multipart. */
export async function saveType<T>(id: number | undefined, form: TypeForm, language: string, t: Translate): Promise<T & { message?: string }> {
  const data = new FormData();
  if (form.name !== undefined) data.append('name', form.name);
  if (form.names !== undefined) data.append('names', JSON.stringify(form.names));
  if (form.file) data.append('file', form.file, form.file.name);
  else if (form.removeIcon) data.append('remove_icon', 'true');
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`/api${at('tasks/types', id)}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: data,
    });
  } catch {
    throw new WriteRefused([t('errors:unknown_error')], {});
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw refusal(response.status, body, t);
  return body as T & { message?: string };
}
