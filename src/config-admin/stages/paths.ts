import { formatDate } from '../../i18n/format';

/** The stage catalogue: `/backend/config-admin/stages` (the area's routes.ts, 'Stage Catalogue'). */
export const listPath = () => '/backend/config-admin/stages';
/** The editor of one stage: `/backend/config-admin/stages/{slug}` ('Stage Catalogue Edit'). */
export const editorPath = (slug: string) => `${listPath()}/${encodeURIComponent(slug)}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as dd/mm/yyyy hh:mm (spec section 5's dates, with the time a draft or version needs). */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
