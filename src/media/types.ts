import type { RaRecord } from 'react-admin';
import type { UploadedMedia } from '../data/upload';

/** One file as the API lists it (GET /api/media, POST /api/media). */
export type MediaRow = RaRecord & UploadedMedia;

/** What the file input and the drop zone accept (the server checks the content again). */
export const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,.jpg,.jpeg,.png,.webp,.gif,.pdf';

/**
 * A size the way people read it.
 * @example formatSize(12_345, 'en-GB') // '12 KB'
 */
export function formatSize(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 2 ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/** The short type name: JPEG, PNG, WebP, GIF, PDF. */
export function typeLabel(mime: string): string {
  return ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF', 'application/pdf': 'PDF' } as Record<string, string>)[mime] ?? mime;
}
