// Pure password helpers behind the password widget (spec 5 and 9): generated passwords are 20-24
// characters with numbers and symbols, never : ; . ^ or , (they break the dealer systems we feed).

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** Symbols allowed in generated passwords: none of the forbidden `: ; . ^ ,`. */
export const PASSWORD_SYMBOLS = '!@#$%&*()-_=+[]{}?/<>~|';
/** Characters a generated password must never contain. */
export const FORBIDDEN_PASSWORD_CHARS = ':;.^,';

function randomInt(max: number): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] % max;
}

/**
 * A random password of 20-24 characters with at least one lower, upper, digit and symbol.
 * @example generatePassword() // 'k7R{q-2Bn@xZ4m?Tp8=wYd'
 */
export function generatePassword(rand: (max: number) => number = randomInt): string {
  const length = 20 + rand(5);
  const chars = [LOWER, UPPER, DIGITS, PASSWORD_SYMBOLS].map((set) => set[rand(set.length)]);
  // No character twice: repeats lower the strength rating, and a generated password must always
  // show as very strong (about 1 in 6,000 did with repeats allowed).
  const rest = [...(LOWER + UPPER + DIGITS + PASSWORD_SYMBOLS)].filter((ch) => !chars.includes(ch));
  while (chars.length < length) chars.push(rest.splice(rand(rest.length), 1)[0]);
  // Fisher-Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The five strength levels, weakest first; values are configurator i18n keys. */
export const STRENGTH_LEVELS = ['veryWeak', 'weak', 'reasonable', 'strong', 'veryStrong'] as const;
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];
/** English words of the levels (the spec's), used when a locale lacks the key. */
export const STRENGTH_LABELS: Record<StrengthLevel, string> = {
  veryWeak: 'very weak',
  weak: 'weak',
  reasonable: 'reasonable',
  strong: 'strong',
  veryStrong: 'very strong',
};

const COMMON = /^(password|passw0rd|qwerty|letmein|welcome|admin|123456|12345678|abc123|iloveyou)/i;

/**
 * Scores a password 0-4 (very weak .. very strong) from its estimated entropy, with penalties
 * for common words, runs of one character and short length.
 * @example passwordStrength('abc') // 0; passwordStrength(generatePassword()) // 4
 */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password || password.length < 6 || COMMON.test(password)) return 0;
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/\d/.test(password)) pool += 10;
  if (/[^a-zA-Z\d]/.test(password)) pool += 32;
  // Repeated characters add little: count distinct ones, capped by the length.
  const distinct = new Set(password).size;
  const effective = Math.min(password.length, distinct + (password.length - distinct) / 4);
  const bits = effective * Math.log2(pool || 1);
  if (bits < 28) return 0;
  if (bits < 40) return 1;
  if (bits < 64) return 2;
  if (bits < 100) return 3;
  return 4;
}

/**
 * The level name of a password, e.g. for `configurator:password.strength.<level>`.
 * @example strengthLevel('Tr0ub4dour&3xyz') // 'strong'
 */
export function strengthLevel(password: string): StrengthLevel {
  return STRENGTH_LEVELS[passwordStrength(password)];
}
