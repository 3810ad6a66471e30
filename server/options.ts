import type { FastifyServerOptions } from 'fastify';
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
  /** Request body limit in bytes (BODY_LIMIT, default 1 MiB). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** Secure flag of the refresh cookie: 'auto' = when the request came over TLS. */
  secureCookies?: boolean | 'auto';
  /**
   * Back-pressure: 503 while the event loop lags more than this many ms (default 5000; false = off,
   * e.g. in a test process that also hosts other servers and a browser driver).
   */
  maxEventLoopDelay?: number | false;
  /** Rate limits (attempts per window) for sign-in, forgot-password, password reset and registration. */
  rateLimits?: { login?: RateRule; passwordEmail?: RateRule; passwordReset?: RateRule; register?: RateRule };
}

export interface RateRule {
  max: number;
  windowSeconds: number;
}

export interface ResolvedConfig {
  secretKey: string | null;
  accessTokenTtl: number;
  publicUrl: () => string;
  staticDir: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  mailWorkerIntervalMs: number;
  secureCookies: boolean | 'auto';
  maxEventLoopDelay: number | false;
  rateLimits: { login: RateRule; passwordEmail: RateRule; passwordReset: RateRule; register: RateRule };
}

export function resolveConfig(opts: AppOptions): ResolvedConfig {
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  return {
    secretKey: opts.secretKey ?? null,
    accessTokenTtl: opts.accessTokenTtl ?? 900,
    publicUrl: () => (typeof publicUrl === 'function' ? publicUrl() : publicUrl).replace(/\/+$/, ''),
    staticDir: opts.staticDir ?? null,
    smtpUrl: opts.smtpUrl ?? null,
    mailFrom: opts.mailFrom ?? 'Launch Portal <no-reply@portal.local>',
    mailWorkerIntervalMs: opts.mailWorkerIntervalMs ?? 2000,
    secureCookies: opts.secureCookies ?? 'auto',
    maxEventLoopDelay: opts.maxEventLoopDelay ?? 5000,
    rateLimits: {
      login: opts.rateLimits?.login ?? { max: 10, windowSeconds: 15 * 60 },
      passwordEmail: opts.rateLimits?.passwordEmail ?? { max: 5, windowSeconds: 15 * 60 },
      // Per address only: someone guessing reset tokens varies the token and the email. A real user
      // needs one or two tries per mailed link, so 10 leaves room for typos and a shared office IP.
      passwordReset: opts.rateLimits?.passwordReset ?? { max: 10, windowSeconds: 15 * 60 },
      // Each registration costs an argon2 hash on an unauthenticated endpoint: bound it per address.
      register: opts.rateLimits?.register ?? { max: 20, windowSeconds: 60 * 60 },
    },
  };
}
