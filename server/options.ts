import { createPrivateKey, createSecretKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { AUDIT_RETENTION } from '../contract/audit';
import type { Database } from './db/database';

/** Everything buildApp needs; main.ts reads it from the environment, tests pass it directly. */
export interface AppOptions {
  /** An opened (and migrated) database; the app closes it when it closes. */
  database: Database;
  /** Access token lifetime in seconds (ACCESS_TOKEN_TTL, default 900). */
  accessTokenTtl?: number;
  /** JWT signing secret (JWT_SECRET); without it one is generated once and kept in `settings`. */
  jwtSecret?: string;
  /** Key of secret stage fields at rest (SECRET_KEY); without it one is generated once and kept in `settings`. */
  secretKey?: string;
  /** Origin that links in mails point to, e.g. http://localhost:3000 (PUBLIC_URL). */
  publicUrl?: string | (() => string);
  /** Folder of the built app (dist/) to serve with SPA fallback; null or missing folder = API only. */
  staticDir?: string | null;
  /** SMTP relay (SMTP_URL). Without it mails stay in the outbox and are printed to the log. */
  smtpUrl?: string | null;
  mailFrom?: string;
  /** How often the outbox worker looks for mail, ms (0 turns the worker off). */
  mailWorkerIntervalMs?: number;
  /** How often the tracker's sweep runs, seconds (TRACKER_SWEEP_SECONDS, default 300; 0 turns it off). */
  trackerSweepSeconds?: number;
  /**
   * The UTC hour (0..23, DIGEST_HOUR, default 7) from which each day's digest mails go out: the sweep
   * at or after it mails each person who chose the daily digest what came since their last one.
   */
  digestHour?: number;
  /**
   * A running job not heard of for this many seconds lost its instance (JOB_STALE_SECONDS, default
   * 30): the next poll hands it to another instance's worker (server/plugins/queue.ts).
   */
  jobStaleSeconds?: number;
  /**
   * Import workers on this instance (IMPORT_WORKERS, default 2; 0: this instance answers the import
   * routes but runs no import, the others do).
   */
  importWorkers?: number;
  /**
   * How many days the audit log keeps an entry (AUDIT_RETENTION_DAYS, default 730, at least 30:
   * contract/audit.ts); the sweep removes older ones (server/audit/audit.retention.ts).
   */
  auditRetentionDays?: number;
  /** Request body limit in bytes (BODY_LIMIT, default 1 MiB). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /**
   * The reverse proxies in front of the server (TRUST_PROXY, see parseTrustProxy): how many there
   * are (a hop count), or their addresses/CIDRs. Never `true`: that trusts any client's own
   * X-Forwarded-For, and the rate limits would count whatever address the client names.
   */
  trustProxy?: TrustProxy;
  /** Secure flag of the refresh cookie: 'auto' = when the request came over TLS. */
  secureCookies?: boolean | 'auto';
  /**
   * Back-pressure: 503 while the event loop lags more than this many ms (default 5000; false = off,
   * e.g. in a test process that also hosts other servers and a browser driver).
   */
  maxEventLoopDelay?: number | false;
  /** Rate limits (attempts per window) for sign-in, forgot-password, password reset and registration. */
  rateLimits?: Partial<RateLimits>;
  /** DocuSign for agreement signatures (DOCUSIGN_*, see parseDocusignEnv); null = the portal's own signer. */
  docusign?: DocusignSettings | null;
  /** Where page views go (ANALYTICS_*, see parseAnalyticsEnv); null or missing = analytics off. */
  analytics?: AnalyticsSettings | null;
  /**
   * The bearer token Prometheus sends to GET /api/metrics (METRICS_TOKEN, at least 32 characters);
   * unset: the route answers 404.
   */
  metricsToken?: string | null;
  /** The bearer token `npm run backup` sends to GET /api/backup (BACKUP_TOKEN, 32 characters or more); unset: 404. */
  backupToken?: string | null;
}

export interface RateRule {
  max: number;
  windowSeconds: number;
}

/**
 * Back-off after repeated failures: the first `max` failures are free; from then on each failure
 * locks for firstLockSeconds * 2^(failures - max) seconds, at most `maxLockSeconds`. Failures are
 * forgotten `windowSeconds` after the last one (so it should be longer than maxLockSeconds). Whole
 * seconds.
 */
export interface BackoffRule extends RateRule {
  firstLockSeconds: number;
  maxLockSeconds: number;
}

export interface RateLimits {
  /** Sign-in attempts per address and email. */
  login: RateRule;
  /** Failed sign-ins per address, whatever the account: a spray of one password over many accounts. */
  loginAddress: RateRule;
  /**
   * Failed sign-ins per account (by email, known or not), whatever the address: guesses spread over
   * many addresses. A device that signed in to the account before has its own back-off instead.
   */
  loginAccount: BackoffRule;
  /** Reset-link requests per address and email. */
  passwordEmail: RateRule;
  /** Reset-link requests per address, whatever the email (each one tells whether an email exists). */
  passwordEmailAddress: RateRule;
  /** Reset-link requests from everyone together: the ceiling on testing emails from many addresses. */
  passwordEmailGlobal: RateRule;
  /** Reset and set-password token tries per address. */
  passwordReset: RateRule;
  /** Registrations that reach the email check, per address. */
  register: RateRule;
  /** Registrations that reach the email check, from everyone together. */
  registerGlobal: RateRule;
}

/** TRUST_PROXY: a hop count (1 = one proxy appends the client's address), or the proxies' addresses. */
export type TrustProxy = number | readonly string[];

/** proxy-addr's names for address ranges (they are accepted in a TRUST_PROXY list). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as main.ts reads it: unset, empty, `0` or `false` = no proxy (the socket's address
 * counts); a whole number = that many proxies; otherwise a comma list of addresses, CIDRs or the
 * range names above. `true`, `*` and a /0 network would trust every client's X-Forwarded-For
 * (anyone picks the address they are limited under), so they stop the start with an error.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) assertProxyEntry(entry);
  return entries;
}

function assertProxyEntry(entry: string): void {
  const refuse = (why: string) =>
    new Error(`TRUST_PROXY: ${why}. Give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8, 192.0.2.7).`);
  if (entry.toLowerCase() === 'true' || entry === '*') throw refuse(`"${entry}" would trust any client's X-Forwarded-For`);
  if (RANGE_NAMES.has(entry)) return;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !isIP(address)) throw refuse(`"${entry}" is not an address, a CIDR or a range name (loopback, linklocal, uniquelocal)`);
  if (prefix !== undefined) {
    const bits = isIP(address) === 4 ? 32 : 128;
    if (!/^\d+$/.test(prefix) || Number(prefix) > bits) throw refuse(`"${entry}" has no valid prefix length`);
    if (Number(prefix) === 0) throw refuse(`"${entry}" is every address, so it would trust any client's X-Forwarded-For`);
  }
}

/**
 * What Fastify gets as `trustProxy`. A hop count is passed as a function: Fastify 5.12 turns a
 * number into "trust nobody" (lib/request.js getTrustProxyFn: hop-count-only trust cannot check the
 * peer, so it fails closed), which puts every client behind the proxy under the proxy's one
 * address. proxy-addr calls the function with each address from the socket outwards (index 0 = the
 * socket's peer, 1 = the last X-Forwarded-For entry, ...) and stops at the first untrusted one, which
 * becomes request.ip: trusting indexes below `hops` makes it the address the outermost proxy
 * appended, whatever the client wrote in front of it. As Fastify's own docs warn, a count trusts
 * whatever connects to the server: it is right only when nothing reaches the server past the
 * proxies (otherwise TRUST_PROXY lists their addresses, which proxy-addr checks).
 */
export function trustProxyFor(trust: TrustProxy | undefined): FastifyServerOptions['trustProxy'] {
  if (trust === undefined) return false;
  if ((trust as unknown) === true || typeof trust === 'string') throw new Error('trustProxy: give a hop count or a list of proxy addresses, never true');
  if (typeof trust === 'number') {
    if (!Number.isInteger(trust) || trust < 0) throw new Error(`trustProxy: ${trust} is not a number of proxies`);
    const hops = trust;
    return hops === 0 ? false : (_address: string, index: number) => index < hops;
  }
  for (const entry of trust) assertProxyEntry(entry);
  return [...trust];
}

export interface ResolvedConfig {
  secretKey: string | null;
  accessTokenTtl: number;
  publicUrl: () => string;
  staticDir: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  mailWorkerIntervalMs: number;
  trackerSweepSeconds: number;
  digestHour: number;
  jobStaleSeconds: number;
  importWorkers: number;
  auditRetentionDays: number;
  secureCookies: boolean | 'auto';
  maxEventLoopDelay: number | false;
  rateLimits: RateLimits;
  docusign: DocusignSettings | null;
  analytics: AnalyticsSettings | null;
  metricsToken: string | null;
  backupToken: string | null;
}

export function resolveConfig(opts: AppOptions): ResolvedConfig {
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  // A guessable scrape token would publish the routes' traffic: refuse to start with a short one.
  if (opts.metricsToken && opts.metricsToken.length < 32) throw new Error('METRICS_TOKEN: give at least 32 characters (e.g. `openssl rand -hex 32`)');
  if (opts.backupToken && opts.backupToken.length < 32) throw new Error('BACKUP_TOKEN: give at least 32 characters (e.g. `openssl rand -hex 32`)');
  if (opts.importWorkers !== undefined && !(Number.isInteger(opts.importWorkers) && opts.importWorkers >= 0)) throw new Error('IMPORT_WORKERS: give a whole number, 0 or more');
  if (opts.auditRetentionDays !== undefined && !(Number.isInteger(opts.auditRetentionDays) && opts.auditRetentionDays >= AUDIT_RETENTION.minDays && opts.auditRetentionDays <= 36_500)) {
    throw new Error(`AUDIT_RETENTION_DAYS: give a whole number of days from ${AUDIT_RETENTION.minDays} to 36500`);
  }
  if (opts.jobStaleSeconds !== undefined && !(opts.jobStaleSeconds >= 1)) throw new Error('JOB_STALE_SECONDS: give a number of seconds, at least 1');
  if (opts.digestHour !== undefined && !(Number.isInteger(opts.digestHour) && opts.digestHour >= 0 && opts.digestHour <= 23)) throw new Error('DIGEST_HOUR: give a whole hour from 0 to 23 (UTC)');
  return {
    secretKey: opts.secretKey ?? null,
    accessTokenTtl: opts.accessTokenTtl ?? 900,
    publicUrl: () => (typeof publicUrl === 'function' ? publicUrl() : publicUrl).replace(/\/+$/, ''),
    staticDir: opts.staticDir ?? null,
    smtpUrl: opts.smtpUrl ?? null,
    mailFrom: opts.mailFrom ?? 'Launch Portal <no-reply@portal.local>',
    mailWorkerIntervalMs: opts.mailWorkerIntervalMs ?? 2000,
    trackerSweepSeconds: opts.trackerSweepSeconds ?? 300,
    digestHour: opts.digestHour ?? 7,
    jobStaleSeconds: opts.jobStaleSeconds ?? 30,
    importWorkers: opts.importWorkers ?? 2,
    auditRetentionDays: opts.auditRetentionDays ?? AUDIT_RETENTION.defaultDays,
    docusign: opts.docusign ?? null,
    analytics: opts.analytics ?? null,
    metricsToken: opts.metricsToken ?? null,
    backupToken: opts.backupToken ?? null,
    secureCookies: opts.secureCookies ?? 'auto',
    maxEventLoopDelay: opts.maxEventLoopDelay ?? 5000,
    rateLimits: {
      login: opts.rateLimits?.login ?? { max: 10, windowSeconds: 15 * 60 },
      // Failures only (a success gives its attempt back), so an office behind one address signs in
      // all day; a spray of one password over the accounts stops after 100 misses a day.
      loginAddress: opts.rateLimits?.loginAddress ?? { max: 100, windowSeconds: 24 * 3600 },
      // Ten misses are free (as per address and email), then 1 s, 2 s, 4 s ... up to 15 minutes per
      // miss: about a hundred guesses a day at one account from any number of addresses. The owner
      // gets past the lock from a device that signed in before, or with a reset link.
      loginAccount: opts.rateLimits?.loginAccount ?? { max: 10, windowSeconds: 24 * 3600, firstLockSeconds: 1, maxLockSeconds: 15 * 60 },
      passwordEmail: opts.rateLimits?.passwordEmail ?? { max: 5, windowSeconds: 15 * 60 },
      // Each answer tells whether an email exists (the spec's texts): bound them per address, and all
      // together so that many addresses cannot test a list of emails either. The global ceiling is
      // counted after the per-address one, so one address alone cannot use it up.
      passwordEmailAddress: opts.rateLimits?.passwordEmailAddress ?? { max: 10, windowSeconds: 3600 },
      passwordEmailGlobal: opts.rateLimits?.passwordEmailGlobal ?? { max: 100, windowSeconds: 3600 },
      // Per address only: someone guessing reset tokens varies the token and the email. A real user
      // needs one or two tries per mailed link, so 10 leaves room for typos and a shared office IP.
      passwordReset: opts.rateLimits?.passwordReset ?? { max: 10, windowSeconds: 15 * 60 },
      // Each registration costs an argon2 hash on an unauthenticated endpoint: bound it per address.
      // The email check tells whether an account exists too, so it is counted before that check.
      register: opts.rateLimits?.register ?? { max: 20, windowSeconds: 60 * 60 },
      registerGlobal: opts.rateLimits?.registerGlobal ?? { max: 100, windowSeconds: 60 * 60 },
    },
  };
}

/** DocuSign eSignature (server/agreements/signers/docusign.ts): where and as whom the server signs in. */
export interface DocusignSettings {
  /** The eSignature REST base, e.g. https://demo.docusign.net/restapi. */
  baseUrl: string;
  accountId: string;
  /** The app's integration key (the JWT's issuer). */
  integrationKey: string;
  /** The user the server acts as (the JWT's subject), who granted the app consent. */
  userId: string;
  /** The RSA key of the integration key's key pair. A KeyObject: logging or serialising it shows nothing of the key. */
  privateKey: KeyObject;
  /** The OAuth host, account-d.docusign.com (demo) or account.docusign.com; a full http(s) origin is taken as it is. */
  oauthBase: string;
  /** How long one call to DocuSign may take, ms (DOCUSIGN_TIMEOUT_MS, default 15000). */
  timeoutMs: number;
  /**
   * DocuSign Connect's HMAC keys (DOCUSIGN_HMAC_KEY, comma-separated while a key is rotated): the
   * webhook (agreements.docusign-webhook.ts) takes only messages signed with one. None: no webhook.
   * KeyObjects, like the private key: a log line or JSON dump of the settings shows nothing of them.
   */
  hmacKeys?: KeyObject[];
}

/** The variables that together turn DocuSign on; all or none. */
export const DOCUSIGN_VARIABLES = ['DOCUSIGN_BASE_URL', 'DOCUSIGN_ACCOUNT_ID', 'DOCUSIGN_INTEGRATION_KEY', 'DOCUSIGN_USER_ID', 'DOCUSIGN_PRIVATE_KEY', 'DOCUSIGN_OAUTH_BASE'] as const;

/**
 * DocuSign's settings from the environment: null when none of DOCUSIGN_VARIABLES is set (agreements
 * are signed in the portal), the settings when all are. Some but not all stops the start naming the
 * missing ones: a half-configured DocuSign would otherwise surface only when a salesperson sends an
 * agreement. DOCUSIGN_PRIVATE_KEY is PEM, its line breaks real or written as \n (as .env files do).
 */
export function parseDocusignEnv(env: Record<string, string | undefined>): DocusignSettings | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const missing = DOCUSIGN_VARIABLES.filter((name) => !value(name));
  // The Connect key alone configures nothing: said like a partial configuration.
  if (missing.length === DOCUSIGN_VARIABLES.length && !value('DOCUSIGN_HMAC_KEY')) return null;
  if (missing.length) throw new Error(`DocuSign is partly configured: set ${missing.join(', ')} as well, or unset every DOCUSIGN_* variable to sign agreements in the portal.`);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(value('DOCUSIGN_PRIVATE_KEY')!.replace(/\\n/g, '\n'));
  } catch {
    // Never the key itself in the message.
    throw new Error('DOCUSIGN_PRIVATE_KEY is not a PEM private key (-----BEGIN RSA PRIVATE KEY----- ... as DocuSign gives it).');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('DOCUSIGN_PRIVATE_KEY must be an RSA key (DocuSign signs in with RS256).');
  const timeout = Number(value('DOCUSIGN_TIMEOUT_MS') ?? 15_000);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new Error('DOCUSIGN_TIMEOUT_MS must be a number of milliseconds above 0.');
  return {
    baseUrl: value('DOCUSIGN_BASE_URL')!.replace(/\/+$/, ''),
    accountId: value('DOCUSIGN_ACCOUNT_ID')!,
    integrationKey: value('DOCUSIGN_INTEGRATION_KEY')!,
    userId: value('DOCUSIGN_USER_ID')!,
    privateKey,
    oauthBase: value('DOCUSIGN_OAUTH_BASE')!.replace(/\/+$/, ''),
    timeoutMs: timeout,
    // DocuSign's Connect samples key the HMAC with the key's text as UTF-8.
    hmacKeys: (value('DOCUSIGN_HMAC_KEY') ?? '').split(',').map((k) => k.trim()).filter(Boolean).map((k) => createSecretKey(Buffer.from(k, 'utf8'))),
  };
}

/**
 * Which analytics the portal sends to (spec section 1: "Analytics is configured"): none unless the
 * environment names a provider, so a newcomer's `npm start` and every test send nothing anywhere.
 *
 * | ANALYTICS_PROVIDER | sends                                                                 |
 * |--------------------|-----------------------------------------------------------------------|
 * | (unset)            | nothing: the app asks GET /api/analytics and sends no page view       |
 * | `log`              | each page view to the server's log (try it locally, check the wiring) |
 * | `plausible`        | each page view to a Plausible Events API (ANALYTICS_URL, e.g.          |
 * |                    | https://plausible.io/api/event, or a self-hosted one) for the site     |
 * |                    | ANALYTICS_SITE (the domain registered there)                           |
 *
 * Plausible is the provider because it needs no cookie and no script of its own: the browser
 * talks to our server only (the strict CSP stays as it is), and the server forwards.
 */
export type AnalyticsSettings = { provider: 'log' } | { provider: 'plausible'; url: string; site: string };

/** The settings of ANALYTICS_* variables; a start with a provider missing its variables stops with the reason. */
export function parseAnalyticsEnv(env: Record<string, string | undefined>): AnalyticsSettings | null {
  const provider = env.ANALYTICS_PROVIDER?.trim();
  if (!provider) return null;
  if (provider === 'log') return { provider };
  if (provider === 'plausible') {
    const url = env.ANALYTICS_URL?.trim();
    const site = env.ANALYTICS_SITE?.trim();
    if (!url || !/^https?:\/\//.test(url) || !site) throw new Error('ANALYTICS_PROVIDER=plausible needs ANALYTICS_URL (http or https, the Events API address) and ANALYTICS_SITE (the site domain).');
    return { provider, url, site };
  }
  throw new Error(`ANALYTICS_PROVIDER must be "log" or "plausible", not "${provider}".`);
}
