import { formatDate } from '../../i18n/format';
import { pathFor } from '../../routing/routes';

/** The editor of one stage: `/backend/config-admin/stages/{slug}`. */
export const editorPath = (slug: string) => pathFor('Stage Catalogue Edit', { slug });
export const listPath = () => pathFor('Stage Catalogue');

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as dd/mm/yyyy hh:mm (spec section 5's dates, with the time a draft or version needs). */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
