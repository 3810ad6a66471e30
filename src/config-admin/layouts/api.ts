/**
 * The configurator admin's calls that react-admin's simple-rest provider does not make: writes
 * whose field errors the form shows under its inputs, the sort, archive and applying a layout to a
 * config (server/adminconfigs/README.md). The list is read with react-admin's `useGetList`.
 */
import type { InternalPageLayout, LayoutApplied, LayoutPage } from '../../../contract/adminconfigs';
import type { LocalNames } from '../../../contract/names';
import { errorText, http, HttpError } from '../../http';
import { localiseServerText } from '../../i18n/serverText';

type Translate = (key: string, params?: Record<string, string>) => string;

/** The resource's name on the API and in react-admin. */
export const RESOURCE = 'adminconfigs';

/** A refused write: the texts to show and the ones that belong to a field (`name`, `names.fr-FR`, `pages.1.name`, `pages.1.names.fr-FR`, `to`, `id`). */
export class WriteRefused extends Error {
  constructor(
    readonly messages: string[],
    readonly fields: Record<string, string>,
  ) {
    super(messages.join('\n'));
  }
}

async function write<T>(run: () => Promise<T | undefined>, t: Translate): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const details = (error.body as { errors?: Array<{ detail?: string; field?: string }> } | null)?.errors ?? [];
    const fields: Record<string, string> = {};
    for (const { detail, field } of details) if (field && detail && !fields[field]) fields[field] = localiseServerText(detail, t);
    throw new WriteRefused(errorText(error.status, error.body, t).map((text) => localiseServerText(text, t)), fields);
  }
}

/** A page as the form edits it (a new page has no id until the server gives it one; `names`: its words per locale). */
export type DraftPage = Omit<LayoutPage, 'id' | 'names'> & { id?: string; names?: LocalNames };
export interface LayoutDraft {
  id?: number;
  name: string;
  /** The layout name's words per locale (contract/names.ts). */
  names?: LocalNames;
  pages: DraftPage[];
}

export const saveLayout = (draft: LayoutDraft, t: Translate) => {
  // `names` replaces the stored ones whole (`{}` clears them), the layout's and each page's.
  const body = {
    name: draft.name,
    names: draft.names ?? {},
    pages: draft.pages.map((p) => ({ ...(p.id ? { id: p.id } : {}), name: p.name, names: p.names ?? {}, template: p.template, sections: p.sections.map((s) => s.trim()).filter(Boolean), notes: p.notes })),
  };
  return write<InternalPageLayout>(() => (draft.id === undefined ? http.post(`/${RESOURCE}`, body, { notify: false }) : http.put(`/${RESOURCE}/${draft.id}`, body, { notify: false })), t);
};

/** PUT /adminconfigs/{id}/sort {to}; 'Value must be more than 0' / 'Value cannot be more than N' come back as the refusal. */
export const sortLayout = (id: number, to: number, t: Translate) => write<InternalPageLayout>(() => http.put(`/${RESOURCE}/${id}/sort`, { to }, { notify: false }), t);

export const archiveLayout = (id: number, t: Translate) => write<{ id: number; name: string; message: string }>(() => http.post(`/${RESOURCE}/${id}/archive`, {}, { notify: false }), t);

/** POST /companies/{guid}/configs/{guid}/adminconfigs/internalpagelayout {id}. */
export const applyLayout = (companyGuid: string, configGuid: string, layoutId: number, t: Translate) =>
  write<LayoutApplied>(() => http.post(`/companies/${companyGuid}/configs/${configGuid}/${RESOURCE}/internalpagelayout`, { id: layoutId }, { notify: false }), t);
