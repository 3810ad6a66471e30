/**
 * Reading a few values out of a dictionary's text (ISO 32000-1, 7.3.4 strings, 7.9.4 dates)
 * for inspect.ts: a signature's /Name, /M and its field's /T. The text is the file read as
 * latin1, so one character is one byte. Anything malformed reads as null.
 */

/** `/Key` followed by a string value in `text` (the first such entry), decoded; null when none. */
export function stringValue(text: string, key: string): string | null {
  const pattern = new RegExp(`/${key}(?=[\\s(<])\\s*`, 'g');
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const at = m.index + m[0].length;
    const bytes = text[at] === '(' ? literal(text, at) : text[at] === '<' && text[at + 1] !== '<' ? hex(text, at) : null;
    if (bytes) return decodeText(bytes);
  }
  return null;
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** A literal string's bytes from its opening parenthesis (balanced parentheses, escapes, octal). */
function literal(text: string, start: number): Buffer | null {
  const out: number[] = [];
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[++i];
      if (next === undefined) return null;
      if (next in ESCAPES) out.push(ESCAPES[next]);
      else if (/[0-7]/.test(next)) {
        let digits = next;
        while (digits.length < 3 && /[0-7]/.test(text[i + 1] ?? '')) digits += text[++i];
        out.push(parseInt(digits, 8) & 0xff);
      } else if (next === '\r') {
        if (text[i + 1] === '\n') i++;
      } else if (next !== '\n') out.push(next.charCodeAt(0));
      continue;
    }
    if (c === '(') {
      depth++;
      if (depth === 1) continue;
    } else if (c === ')') {
      depth--;
      if (depth === 0) return Buffer.from(out);
    }
    out.push(c.charCodeAt(0) & 0xff);
  }
  return null;
}

/** A hex string's bytes from its '<' (white space ignored, an odd last digit padded with 0). */
function hex(text: string, start: number): Buffer | null {
  const end = text.indexOf('>', start);
  if (end === -1) return null;
  const digits = text.slice(start + 1, end).replace(/\s/g, '');
  if (!/^[0-9a-fA-F]*$/.test(digits)) return null;
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** A text string: UTF-16BE after its byte order mark, UTF-8 after its (PDF 2.0), else PDFDocEncoding (read as latin1). */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const body = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    return body.swap16().toString('utf16le');
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  return bytes.toString('latin1');
}

/** A PDF date, D:YYYYMMDDHHmmSSOHH'mm' (every part after the year optional), or null. */
export function pdfDate(value: string | null): Date | null {
  const m = value && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(value);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (+oh * 60 + +om) * 60_000 : 0;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? null : date;
}
