import { formatDateTime } from '../../i18n/format';

/** The stage catalogue: `/backend/config-admin/stages` (the area's routes.ts, 'Stage Catalogue'). */
export const listPath = () => '/backend/config-admin/stages';
/** The editor of one stage: `/backend/config-admin/stages/{slug}` ('Stage Catalogue Edit'). */
export const editorPath = (slug: string) => `${listPath()}/${encodeURIComponent(slug)}`;

/**
 * A moment as dd/mm/yyyy and its time in the portal's locale (spec section 5's dates, with the time
 * a draft or version needs): i18n/format.ts formatDateTime.
 */
export function formatWhen(value: string | null | undefined, locale: string): string {
  return formatDateTime(value, locale);
}
