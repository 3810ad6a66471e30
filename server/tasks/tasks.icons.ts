/**
 * A task type's icon: checked by content with the media library's checks (media.content.ts: an
 * HTML page named icon.png, an SVG or a decompression bomb is refused), then re-encoded as a
 * 64 x 64 PNG (transparent padding, no metadata), so what is stored and served is always a small
 * image this server made. Its hash is part of the icon's address, so the browser keeps it for good.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { detectKind, processUpload } from '../media/media.content';
import { Invalid, Unsupported } from '../domain-errors';
import { serverMessages } from '../messages';

export const ICON_SIZE = 64;

export interface Icon {
  data: Buffer;
  mime: string;
  hash: string;
}

/** The stored icon of an upload; 413 / 415 / 422 naming the `file` field, as media answers. */
export async function iconOf(buf: Buffer, filename: string | undefined): Promise<Icon> {
  // A PDF passes the media checks (it is a document there), not here.
  if (buf.length && detectKind(buf) === 'pdf') throw new Unsupported(serverMessages.tasks.icon_type, [{ detail: serverMessages.tasks.icon_type, field: 'file' }]);
  const checked = await processUpload(buf, filename);
  let data: Buffer;
  try {
    data = await sharp(checked.data, { limitInputPixels: 50_000_000 })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new Invalid(serverMessages.media.unreadable, [{ detail: serverMessages.media.unreadable, field: 'file' }]);
  }
  return { data, mime: 'image/png', hash: createHash('sha256').update(data).digest('hex').slice(0, 16) };
}

/** The icon's address as answers carry it; null without an icon. */
export const iconUrl = (id: number, hash: string | null) => (hash ? `/api/tasks/types/${id}/icon?v=${hash}` : null);
