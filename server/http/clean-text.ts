/**
 * PostgreSQL text and jsonb cannot hold NUL characters or lone UTF-16 surrogates: storing either
 * is a database error. Requests carrying either are refused before any route runs
 * (server/http/input-guard.ts, a 400); cleaning here stays as the services' second line for text
 * that does not come from a request as such (NUL dropped; a lone surrogate becomes U+FFFD).
 *
 * Names shown to other people are also stripped of bidirectional controls (`cleanName`).
 */

const SUSPECT = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** @example cleanText('a\u0000b') // 'ab' */
export function cleanText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text.replace(/\0/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * The bidirectional formatting controls: embeddings and overrides (U+202A-U+202E), isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In a name they only serve to make it
 * read as something else: "invoice\u202Egnp.exe" shows as "invoiceexe.png". Names in right-to-left
 * scripts display correctly without them (the browser's bidi algorithm orders the letters).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * A name shown to other people (a file name, a post title, a product or configurator name):
 * `cleanText`, and without bidirectional controls.
 * @example cleanName('invoice\u202Egnp.exe') // 'invoicegnp.exe'
 */
export function cleanName(text: string): string {
  return cleanText(text).replace(BIDI_CONTROLS, '');
}

/**
 * Cleans every string and key of a parsed JSON body in place (the body is the request's own copy).
 * Iterative, so data nested deeper than the stack is left for the engine to refuse.
 * @example cleanJson({ 'k\u0000': ['v\u0000'] }) // { k: ['v'] }
 */
export function cleanJson<T>(root: T): T {
  return cleanJsonReport(root).value;
}

/** `cleanJson`, also saying whether anything had to change (then the stored data differs from what was sent). */
export function cleanJsonReport<T>(root: T): { value: T; changed: boolean } {
  if (typeof root === 'string') {
    const value = cleanText(root);
    return { value: value as T, changed: value !== root };
  }
  let changed = false;
  const clean = (text: string) => {
    const out = cleanText(text);
    if (out !== text) changed = true;
    return out;
  };
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (typeof node[i] === 'string') node[i] = clean(node[i]);
        else if (node[i] && typeof node[i] === 'object') stack.push(node[i]);
      }
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const value = record[key];
        const cleanKey = clean(key);
        if (cleanKey !== key) {
          delete record[key];
          // A key that only becomes '__proto__' once cleaned must not set the prototype: drop it.
          if (cleanKey === '__proto__') continue;
          record[cleanKey] = value;
        }
        if (typeof value === 'string') record[cleanKey] = clean(value);
        else if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return { value: root, changed };
}
