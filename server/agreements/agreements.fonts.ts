/**
 * The order form's typeface: Roboto (the app's, from roboto-fontface), turned once per process
 * from WOFF into the plain TrueType it wraps. fontkit reads a WOFF table by inflating it again on
 * every read, in JavaScript, which made each PDF cost over a second; a TrueType font it reads
 * straight from memory.
 *
 * What is shared is the bytes, never a parsed fontkit font: pdfkit parses them anew for each
 * document. A fontkit font caches each glyph with the characters it was first asked for, and
 * pdfkit writes those characters into the document's ToUnicode map. Subsetting a composite glyph
 * ("ĳ" is drawn from "i" and "j", "é" from "e" and "´", "μ" from "µ") asks for its parts with no
 * characters, so one process-wide font left a letter that some earlier document had only used
 * inside a composite ("j" after "ĳ") mapped to nothing in every later PDF: it printed, but
 * copying, searching and pdftotext lost it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/**
 * The SFNT (TrueType/OpenType) font inside a WOFF 1.0 file (W3C WOFF, sections 3-5): the same
 * tables, each inflated when it was compressed, laid out at 4-byte boundaries behind a new table
 * directory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

const roboto = (weight: string) => woffToSfnt(readFileSync(require.resolve(`roboto-fontface/fonts/roboto/Roboto-${weight}.woff`)));

/**
 * The TrueType bytes every order form and certificate is set in, for pdfkit's registerFont: each
 * document parses its own font (5 to 15 ms for both weights) and embeds the glyphs it uses.
 */
export const ORDER_FORM_FONTS = { regular: roboto('Regular'), bold: roboto('Bold') };
