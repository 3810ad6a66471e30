/**
 * PostgreSQL text and jsonb cannot hold NUL characters or lone UTF-16 surrogates: storing either
 * is a database error. Client text is cleaned before it is stored (NUL dropped, as the account
 * forms do; a lone surrogate becomes U+FFFD), so such input is never a 500.
 */

const SUSPECT = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** @example cleanText('a\u0000b') // 'ab' */
export function cleanText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text.replace(/\0/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Cleans every string and key of a parsed JSON body in place (the body is the request's own copy).
 * Iterative, so data nested deeper than the stack is left for the engine to refuse.
 * @example cleanJson({ 'k\u0000': ['v\u0000'] }) // { k: ['v'] }
 */
export function cleanJson<T>(root: T): T {
  if (typeof root === 'string') return cleanText(root) as T;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (typeof node[i] === 'string') node[i] = cleanText(node[i]);
        else if (node[i] && typeof node[i] === 'object') stack.push(node[i]);
      }
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const value = record[key];
        const clean = cleanText(key);
        if (clean !== key) {
          delete record[key];
          // A key that only becomes '__proto__' once cleaned must not set the prototype: drop it.
          if (clean === '__proto__') continue;
          record[clean] = value;
        }
        if (typeof value === 'string') record[clean] = cleanText(value);
        else if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return root;
}
