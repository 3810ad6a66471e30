/**
 * What an uploaded file really is, and the bytes we keep of it. The type comes from the content
 * (magic bytes, then a full decode for images), never from the name or the declared type: an HTML
 * page named logo.png is refused, a PNG named logo.pdf is stored as the PNG it is (its name's
 * extension corrected, so a download opens in the right program). Refusing a wrong extension would
 * only bounce honest files (exporters and phones often misname them) and buys no safety, because
 * every file is served with its detected type and `nosniff`.
 *
 * Images are re-encoded with sharp: orientation applied, every piece of metadata (EXIF GPS
 * position, camera serial, XMP, comments) dropped, a WebP thumbnail made. SVG is refused (it can
 * carry script); PDFs are stored as they are and always served as a download.
 */
import sharp from 'sharp';
import { Invalid, TooLarge, Unsupported, type DomainError, type ErrorDetail } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import { cleanName } from '../http/clean-text';

export type MediaKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'pdf';
export const MIME: Record<MediaKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
export const MEDIA_MIMES = Object.values(MIME);
const EXTENSION: Record<MediaKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', pdf: 'pdf' };
const SAME_KIND: Record<string, MediaKind> = { jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', pdf: 'pdf' };

/** 10 MB per file (the upload's own limit, far above the JSON body limit). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Files in one request. */
export const MAX_FILES = 10;
/**
 * Decoded pixels an image may have (50 MP, e.g. 8660 x 5773). A decompression bomb (a few KB of PNG
 * claiming 50,000 x 50,000) is refused from its header, before any pixel is decoded.
 */
export const MAX_PIXELS = 50_000_000;
export const THUMBNAIL_SIZE = 320;
/**
 * Spec section 5: "Logo upload: high-resolution JPEG, PNG or PDF; minimum 500px, maximum 900px." The
 * limits hold for both sides: a 600 x 2000 strip is no more a usable logo than a 2000 x 600 one.
 */
export const LOGO = { kinds: ['jpeg', 'png', 'pdf'] as MediaKind[], minWidth: 500, maxWidth: 900, minHeight: 500, maxHeight: 900 };

/**
 * The logo rule's size refusal for an image of this size, or null when it fits (500-900 px wide and
 * high). Also used by the design stage's logo check (server/configs/configs.logo.ts).
 * @example logoSizeProblem(600, 300) // 'The logo must be between 500 and 900 pixels high (this one is 300).'
 */
export function logoSizeProblem(width: number, height: number): string | null {
  if (width < LOGO.minWidth || width > LOGO.maxWidth) return interpolate(serverMessages.media.logo_width, { min: LOGO.minWidth, max: LOGO.maxWidth, width });
  if (height < LOGO.minHeight || height > LOGO.maxHeight) return interpolate(serverMessages.media.logo_height, { min: LOGO.minHeight, max: LOGO.maxHeight, height });
  return null;
}

type Refusal = new (message: string, errors: ErrorDetail[]) => DomainError;
/** A refused file: Invalid (422), TooLarge (413) or Unsupported (415), naming the `file` field. */
const refuse = (Kind: Refusal, message: string) => new Kind(message, [{ detail: message, field: 'file' }]);

const starts = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The kind of file the bytes are, by their signature; null for anything else (HTML, SVG, scripts,
 * archives, TIFF, HEIC...).
 * @example detectKind(Buffer.from('%PDF-1.7\n...')) // 'pdf'
 */
export function detectKind(buf: Buffer): MediaKind | null {
  if (starts(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(buf, ascii('RIFF')) && starts(buf, ascii('WEBP'), 8)) return 'webp';
  if (starts(buf, ascii('GIF87a')) || starts(buf, ascii('GIF89a'))) return 'gif';
  if (starts(buf, ascii('%PDF-'))) return 'pdf';
  return null;
}

/**
 * The display name: no folders, no control or bidirectional characters, at most 200 characters, and an extension
 * that says what the content is.
 * @example fileName('C:\\photos\\logo.pdf', 'png') // 'logo.png'
 */
export function fileName(given: string | undefined, kind: MediaKind): string {
  // Control characters and lone surrogates dropped (code points below 32, 127, U+D800-U+DFFF),
  // and bidirectional controls (cleanName): a U+202E in "photo\u202Egpj.exe" made an .exe read as .jpg.
  const base = [...cleanName((given ?? '').split(/[\\/]/).pop()!)]
    .filter((c) => { const code = c.codePointAt(0)!; return code >= 32 && code !== 127 && (code < 0xd800 || code > 0xdfff); })
    .join('')
    .trim();
  const dot = base.lastIndexOf('.');
  const stem = [...(dot > 0 ? base.slice(0, dot) : base)].slice(0, 190).join('').trim() || 'file';
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return SAME_KIND[ext] === kind ? `${stem}.${base.slice(dot + 1)}` : `${stem}.${EXTENSION[kind]}`;
}

export interface Processed {
  kind: MediaKind;
  mime: string;
  filename: string;
  data: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

/** Turns sharp's refusal of an image into the error the uploader reads (never a 500). */
function imageError(error: unknown): Error {
  const text = String((error as Error)?.message ?? error);
  if (/pixel limit/i.test(text)) return refuse(Invalid, interpolate(serverMessages.media.too_many_pixels, { megapixels: MAX_PIXELS / 1_000_000 }));
  return refuse(Invalid, serverMessages.media.unreadable);
}

async function reencode(buf: Buffer, kind: Exclude<MediaKind, 'pdf'>): Promise<{ data: Buffer; width: number; height: number }> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  const meta = await sharp(buf, options).metadata();
  const animated = (meta.pages ?? 1) > 1 && (kind === 'gif' || kind === 'webp');
  // Every frame of an animation is kept; its orientation is left as it is (animations carry no EXIF).
  let image = animated ? sharp(buf, { ...options, animated: true }) : sharp(buf, options).autoOrient();
  // sharp writes no metadata unless asked (withMetadata/keepExif): EXIF, GPS, XMP and IPTC go.
  if (kind === 'jpeg') image = image.jpeg({ quality: 90, mozjpeg: true });
  else if (kind === 'png') image = image.png();
  else if (kind === 'webp') image = image.webp({ quality: 90 });
  else image = image.gif();
  const data = await image.toBuffer();
  const out = await sharp(data, { ...options, animated }).metadata();
  return { data, width: out.width!, height: out.pageHeight ?? out.height! };
}

/** A WebP of at most 320 x 320 (the first frame of an animation). */
export async function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_PIXELS })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Checks one upload and makes the bytes to store: the detected type, the cleaned name, the
 * re-encoded image with its size and thumbnail (or the PDF as it came). With `purpose: 'logo'`,
 * the spec's logo rule. Throws the error the uploader reads (415 not an image or PDF, 422 unreadable,
 * too many pixels or not a valid logo).
 */
export async function processUpload(buf: Buffer, givenName: string | undefined, purpose?: 'logo'): Promise<Processed> {
  if (buf.length === 0) throw refuse(Invalid, serverMessages.media.empty);
  if (buf.length > MAX_FILE_BYTES) throw refuse(TooLarge, serverMessages.media.too_large);
  const kind = detectKind(buf);
  if (!kind) throw refuse(Unsupported, serverMessages.media.bad_type);
  if (purpose === 'logo' && !LOGO.kinds.includes(kind)) throw refuse(Invalid, serverMessages.media.logo_type);
  const filename = fileName(givenName, kind);
  if (kind === 'pdf') return { kind, mime: MIME.pdf, filename, data: buf, thumbnail: null, width: null, height: null };

  let image: Awaited<ReturnType<typeof reencode>>;
  let thumbnail: Buffer;
  try {
    image = await reencode(buf, kind);
    thumbnail = await thumbnailOf(image.data);
  } catch (error) {
    throw imageError(error);
  }
  const size = purpose === 'logo' ? logoSizeProblem(image.width, image.height) : null;
  if (size) throw refuse(Invalid, size);
  return { kind, mime: MIME[kind], filename, data: image.data, thumbnail, width: image.width, height: image.height };
}
