/**
 * Trims a form value to a string ('' for null/undefined/non-strings). NUL characters go too: no
 * form means one, and PostgreSQL text cannot hold them (the query would fail with a 500).
 * @example trimmed('  a@b.co ') // 'a@b.co'
 */
export function trimmed(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\0/g, '').trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

// Deliberately simple: one @, no spaces, a dot in the domain. The mail server is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// RFC 5321's limit. Checked before the pattern, whose backtracking over the domain is quadratic:
// a megabyte-long "email" would otherwise hold the server's event loop for minutes.
const EMAIL_MAX = 254;

/**
 * True for a plausible email address (at most 254 characters).
 * @example isEmail('dealer@demo.test') // true
 */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

/**
 * A positive integer id from a number or numeric string, else null.
 * @example toId('7') // 7
 */
export function toId(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The ids of a list (numbers or numeric strings), invalid entries dropped, duplicates removed.
 * @example toIds([20, '21', 'x', 20]) // [20, 21]
 */
export function toIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.map(toId).filter((v): v is number => v !== null))];
}
