import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import type { BackoffRule, RateLimits, RateRule } from '../options';
import { TooMany } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config'>;

const interval = (seconds: number) => sql.raw(`interval '${Math.floor(seconds)} seconds'`);
const integer = (n: number) => sql.raw(String(Math.floor(n)));

/**
 * The keys of the configured rules, one prefix each (`prefix:` + the rest): built here only, so
 * pruning knows the window of every key (see pruneExpiredAttempts).
 */
export const rateKeys = {
  /** Sign-in attempts of one address at one email. */
  login: (ip: string, email: string) => `login:${ip}:${email}`,
  /** Failed sign-ins of one address, any account. */
  loginAddress: (ip: string) => `login-address:${ip}`,
  /** Failed sign-ins at one email (known or not: an unknown email is limited alike), any address. */
  loginAccount: (email: string) => `login-account:${email}`,
  /** Failed sign-ins of one known device (its tag's id, never the tag itself). */
  loginDevice: (deviceId: string) => `login-device:${deviceId}`,
  passwordEmail: (ip: string, email: string) => `password-email:${ip}:${email}`,
  passwordEmailAddress: (ip: string) => `password-email-address:${ip}`,
  passwordEmailGlobal: () => 'password-email-all:',
  /** Reset and set-password token tries of one address. */
  passwordReset: (ip: string) => `password-token:${ip}`,
  register: (ip: string) => `register:${ip}`,
  registerGlobal: () => 'register-all:',
  /** Email-change token tries of one address (POST /users/email/confirm): the reset tokens' rule. */
  emailToken: (ip: string) => `email-token:${ip}`,
  /** `current_password` tries of one user (own email or password change): CURRENT_PASSWORD_RULE. */
  currentPassword: (userId: number) => `current-password:${userId}`,
  /** Mails of one user to configs' contacts: CONFIG_MAIL_RULE. */
  configMail: (userId: number) => `config-mail:${userId}`,
  /** Issue 57: documents one address asks the anonymous verify route about: VERIFY_DOCUMENT_RULE. */
  verifyDocument: (ip: string) => `verify-document:${ip}`,
};

/** Ten `current_password` tries per user in 15 minutes (a fixed rule: not configurable). */
export const CURRENT_PASSWORD_RULE: RateRule = { max: 10, windowSeconds: 15 * 60 };
/** Ten mails to a config's contacts per user in 15 minutes: a dealer can mail their managers, not flood them (fixed: not configurable). */
export const CONFIG_MAIL_RULE: RateRule = { max: 10, windowSeconds: 15 * 60 };
/** Thirty documents per address in 15 minutes on POST /verify-document (anonymous; each one hashes and parses a PDF of up to 10 MB). */
export const VERIFY_DOCUMENT_RULE: RateRule = { max: 30, windowSeconds: 15 * 60 };

/** Which rule owns the keys of each prefix: a configured one by name, or a fixed one. */
const RULE_OF_PREFIX: Record<string, keyof RateLimits | RateRule> = {
  login: 'login',
  'login-address': 'loginAddress',
  'login-account': 'loginAccount',
  'login-device': 'loginAccount',
  'password-email': 'passwordEmail',
  'password-email-address': 'passwordEmailAddress',
  'password-email-all': 'passwordEmailGlobal',
  'password-token': 'passwordReset',
  register: 'register',
  'register-all': 'registerGlobal',
  'email-token': 'passwordReset',
  'current-password': CURRENT_PASSWORD_RULE,
  'config-mail': CONFIG_MAIL_RULE,
  'verify-document': VERIFY_DOCUMENT_RULE,
};

const tooMany = (retrySeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retrySeconds));
  const minutes = Math.ceil(seconds / 60);
  return new TooMany(interpolate(serverMessages.too_many_attempts, { minutes }), seconds);
};

/**
 * Counts one attempt under each [key, rule] in order, pruning expired windows once first. The first
 * key over its limit answers 429 and the later ones are not counted: a per-address limit listed
 * before a global one keeps a single address from using up everyone's budget.
 */
export async function countAttempts(deps: Deps, limits: ReadonlyArray<readonly [string, RateRule]>): Promise<void> {
  await pruneExpiredAttempts(deps.db, deps.config.rateLimits);
  for (const [key, rule] of limits) await countOne(deps.db, key, rule);
}

/**
 * Counts one attempt for `key` in a fixed window (atomic upsert, so concurrent requests and
 * several instances count alike) and throws 429 once the window holds more than `rule.max`.
 * Expired windows of every key are pruned first (see pruneExpiredAttempts).
 */
export async function countAttempt(deps: Deps, key: string, rule: RateRule): Promise<void> {
  await countAttempts(deps, [[key, rule]]);
}

async function countOne(db: Db, key: string, rule: RateRule): Promise<void> {
  const window = interval(rule.windowSeconds);
  const result: unknown = await db.execute(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window} THEN now() ELSE rate_limits.window_start END
    RETURNING count, EXTRACT(EPOCH FROM (window_start + ${window} - now()))::float8 AS retry`);
  // PGlite and node-postgres both answer { rows }.
  const row = (result as { rows: Array<{ count: number; retry: number }> }).rows[0];
  if (Number(row.count) > rule.max) throw tooMany(Number(row.retry));
}

/**
 * Gives back one attempt counted under `key`: for limits that count failures only, the attempt is
 * counted before the password is checked (so parallel guesses cannot all slip in before the first
 * failure is written) and a success hands it back.
 */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND count > 0`);
}

/**
 * Exponential back-off (see BackoffRule) for one account or device: counts this attempt as a
 * failure before the password is checked, unless the key is locked, then 429 with the time left.
 * A success must clear the key (clearAttempts). The row's window_start is the last failure, so the
 * lock runs from there and the failures are forgotten rule.windowSeconds after it.
 *
 * One statement decides and counts: the upsert's WHERE skips the update of a locked row, and then
 * RETURNING gives no row. Concurrent attempts take turns on the row lock, so a burst sent at once
 * gets exactly the free attempts, not one each. Tries refused during a lock are not counted: they
 * do not lengthen it (an attacker cannot keep the owner out for longer than the rule says).
 */
export async function countBackoff(deps: Deps, key: string, rule: BackoffRule): Promise<void> {
  const forget = interval(rule.windowSeconds);
  // firstLockSeconds * 2^(failures - max) seconds, at most maxLockSeconds (the exponent capped:
  // power() overflows a double far above any cap).
  const lock = sql`make_interval(secs => least(${integer(rule.maxLockSeconds)}, ${integer(rule.firstLockSeconds)} * power(2, least(rate_limits.count - ${integer(rule.max)}, 40))))`;
  const charged: unknown = await deps.db.execute(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${forget} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = now()
    WHERE rate_limits.window_start <= now() - ${forget}
       OR rate_limits.count < ${integer(rule.max)}
       OR rate_limits.window_start + ${lock} <= now()
    RETURNING count`);
  if ((charged as { rows: unknown[] }).rows.length > 0) return;
  const left: unknown = await deps.db.execute(sql`
    SELECT EXTRACT(EPOCH FROM (rate_limits.window_start + ${lock} - now()))::float8 AS retry FROM rate_limits WHERE key = ${key}`);
  throw tooMany(Number((left as { rows: Array<{ retry: number }> }).rows[0]?.retry ?? 1));
}

/**
 * Deletes the rows whose window is over (after a back-off key's last failure: its forget window).
 * Each key's window is its prefix's rule; a key of a prefix not listed in RULE_OF_PREFIX (there
 * should be none: rateKeys builds every key) goes after the longest configured window. Dropping an expired row changes no count: its
 * next attempt would have reset it.
 *
 * Pruned here on the write path rather than by a background timer: every instance prunes as it
 * writes, with no worker to run or turn off (the mail worker can be off, and a timer per process
 * would be state outside the database); the table only grows through this path, so it stays
 * bounded by the keys of the last window, and the delete only ever scans that small table.
 */
export async function pruneExpiredAttempts(db: Db, rules: RateLimits): Promise<void> {
  const windows = Object.entries(RULE_OF_PREFIX).map(([prefix, rule]) => sql`WHEN ${prefix} THEN ${interval((typeof rule === 'string' ? rules[rule] : rule).windowSeconds)}`);
  await db.execute(sql`
    DELETE FROM rate_limits
    WHERE window_start <= now() - CASE split_part(key, ':', 1) ${sql.join(windows, sql` `)} ELSE ${interval(longestWindow(rules))} END`);
}

/** The longest window of the configured rules, in seconds. */
export function longestWindow(rules: RateLimits): number {
  return Math.max(...Object.values(rules).map((r: RateRule) => r.windowSeconds));
}

/** Forgets the attempts of the keys (after a successful sign-in, a completed reset), in one statement. */
export async function clearAttempts(db: Db, ...keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(keys.length === 1 ? eq(rateLimits.key, keys[0]) : inArray(rateLimits.key, keys));
}
