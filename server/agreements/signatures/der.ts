/**
 * Just enough DER (X.690) to take a CMS SignedData apart without re-encoding anything: each
 * element's exact bytes, since a signature over signed attributes is checked against the bytes
 * as they were signed. Every read is bounds-checked and throws on anything malformed (the caller
 * turns that into "not intact").
 */

export interface Der {
  /** The identifier octet: class, constructed bit and tag number (low tag numbers only). */
  tag: number;
  /** The whole element: identifier, length and contents. */
  raw: Buffer;
  /** The contents only. */
  body: Buffer;
}

export const TAG = { INTEGER: 0x02, OCTET_STRING: 0x04, OID: 0x06, SEQUENCE: 0x30, SET: 0x31, CONTEXT_0: 0xa0, CONTEXT_1: 0xa1 } as const;

/** The element at `at` in `bytes`. */
export function readDer(bytes: Buffer, at = 0): Der {
  if (at + 2 > bytes.length) throw new Error('DER: truncated');
  const tag = bytes[at];
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: high tag numbers are not used here');
  let length = bytes[at + 1];
  let header = 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    // Indefinite lengths (BER) and lengths past 4 GB are not DER a PDF signature uses.
    if (octets === 0 || octets > 4) throw new Error('DER: unsupported length');
    if (at + 2 + octets > bytes.length) throw new Error('DER: truncated');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + bytes[at + 2 + i];
    header += octets;
  }
  const end = at + header + length;
  if (end > bytes.length) throw new Error('DER: truncated');
  return { tag, raw: bytes.subarray(at, end), body: bytes.subarray(at + header, end) };
}

/** The elements inside a constructed element. */
export function children(parent: Der): Der[] {
  const out: Der[] = [];
  for (let at = 0; at < parent.body.length; ) {
    const child = readDer(parent.body, at);
    out.push(child);
    at += child.raw.length;
  }
  return out;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function oid(element: Der): string {
  if (element.tag !== TAG.OID || element.body.length === 0) throw new Error('DER: not an OID');
  const b = element.body;
  const parts = [Math.min(2, Math.floor(b[0] / 40)), b[0] - Math.min(2, Math.floor(b[0] / 40)) * 40];
  let value = 0;
  for (let i = 1; i < b.length; i++) {
    value = value * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** The element of `list` at `index` with tag `tag`, or an error naming what was expected. */
export function expect(list: Der[], index: number, tag: number): Der {
  const element = list[index];
  if (!element || element.tag !== tag) throw new Error(`DER: expected tag ${tag.toString(16)} at ${index}`);
  return element;
}
