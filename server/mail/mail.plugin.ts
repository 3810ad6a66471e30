import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isDatabaseUnavailable, type Db, type Tx } from '../db/database';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailService {
  /**
   * Writes the mail to the outbox inside the caller's transaction: it goes if and only if the change
   * commits. Gives the outbox row's id (the spec's `email_id` of a mail result).
   */
  enqueue(tx: Db | Tx, mail: OutgoingMail): Promise<number>;
  /** One worker pass now (tests, shutdown). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

const BATCH = 10;
/** A mail the relay rejected for good (a 5xx answer to its envelope or content) is given up after this many tries. */
const MAX_ATTEMPTS = 8;
// A claimed row is leased for this long: if the process dies mid-send, another picks it up later.
// One row is claimed at a time and a send is bounded by the SMTP timeouts below, so a lease never
// runs out while its worker is still sending (which would let a second worker send it again).
const LEASE_SECONDS = 120;
// Retry delays double from 5 s; capped at 5 minutes so that once SMTP is back the waiting mails go
// out within minutes (a reset link lives an hour), however long the relay was down.
const backoffSeconds = (attempts: number) => Math.min(300, 5 * 2 ** Math.min(attempts - 1, 16));
// nodemailer waits 2 min for a connection and 10 min on a silent socket by default: a relay that
// accepts and then hangs would stall the worker past its lease. SMTP_URL may set its own.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type Row = typeof mailOutbox.$inferSelect;

/** SMTP_URL with our timeouts added where it names none (nodemailer reads them from the query). */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  return url.toString();
}

/**
 * A failure the relay will not get over by itself: it answered 5xx to this mail's envelope or
 * message (unknown recipient, message refused). Everything else (no connection, a timeout, a 4xx
 * "try later", a dropped session, refused credentials until the configuration is fixed) is the
 * relay being away or misconfigured, and the mail waits for it however long.
 */
function isPermanent(err: unknown): boolean {
  const { responseCode, code } = err as { responseCode?: number; code?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/**
 * Transactional outbox + in-process worker. With SMTP_URL it claims due rows one at a time with
 * FOR UPDATE SKIP LOCKED (two instances never take the same row), sends, and retries with
 * exponential backoff: while the relay is unreachable for as long as it takes, after a permanent
 * rejection MAX_ATTEMPTS times. Without SMTP_URL mails stay pending and each is printed to the
 * log once.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom, mailWorkerIntervalMs } = app.config;
    const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrlWithTimeouts(smtpUrl)) : null;
    if (!transport) app.log.info('No SMTP_URL: mails stay in the outbox and are printed to this log.');

    const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));
    let stopping = false;
    // Mails the relay accepted whose "sent" could not be written (the database went away right
    // then): recorded before anything else is claimed, so the lease does not run out and hand the
    // mail to another send.
    const unrecorded = new Map<number, number>();

    /** Marks a claimed row sent, if this claim (its attempt number) still holds it. */
    async function recordSent(id: number, attempts: number) {
      await app.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, attempts), eq(mailOutbox.status, 'pending')));
    }

    async function claimOne(): Promise<Row | undefined> {
      const result = await app.db.execute(sql`
        UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}
        WHERE id = (
          SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, "to", subject, text, html, attempts`);
      return rowsOf<Row>(result)[0];
    }

    async function sendDue() {
      for (const [id, attempts] of unrecorded) {
        await recordSent(id, attempts);
        unrecorded.delete(id);
      }
      for (let n = 0; n < BATCH && !stopping; n++) {
        const row = await claimOne();
        if (!row) return;
        try {
          await transport!.sendMail({ from: mailFrom, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const permanent = isPermanent(err);
          const giveUp = permanent && row.attempts >= MAX_ATTEMPTS;
          app.log.warn({ mailId: row.id, attempts: row.attempts, err: message }, giveUp ? 'mail failed for good' : 'mail failed; will retry');
          await app.db
            .update(mailOutbox)
            .set({
              status: giveUp ? 'failed' : 'pending',
              lastError: message,
              nextAttemptAt: sql`now() + ${sql.raw(`interval '${backoffSeconds(row.attempts)} seconds'`)}`,
            })
            .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts)));
          // The relay is away: the other due mails would only fail the same way. Next pass.
          if (!permanent) return;
          continue;
        }
        unrecorded.set(row.id, row.attempts);
        await recordSent(row.id, row.attempts);
        unrecorded.delete(row.id);
      }
    }

    async function logPending() {
      const rows = await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), isNull(mailOutbox.loggedAt)))
        .limit(BATCH);
      for (const row of rows) {
        // The first link up front, so a demo user finds the reset link in the console at a glance.
        const link = /https?:\/\/\S+/.exec(row.text)?.[0];
        app.log.info({ mailId: row.id, to: row.to, subject: row.subject, text: row.text }, `mail kept in the outbox (no SMTP_URL) for ${row.to}: ${row.subject}${link ? ` — ${link}` : ''}`);
      }
      if (rows.length) await app.db.update(mailOutbox).set({ loggedAt: sql`now()` }).where(inArray(mailOutbox.id, rows.map((r) => r.id)));
    }

    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= (transport ? sendDue() : logPending())
        .catch((err) =>
          isDatabaseUnavailable(err)
            ? app.log.warn('mail worker pass skipped: the database is unavailable')
            : app.log.error({ err }, 'mail worker pass failed'),
        )
        .finally(() => {
          running = null;
        });
      return running;
    };

    const service: MailService = {
      async enqueue(tx, mail) {
        const [row] = await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }).returning({ id: mailOutbox.id });
        return row.id;
      },
      flush: () => tick(),
    };
    app.decorate('mail', service);

    let timer: NodeJS.Timeout | null = null;
    if (mailWorkerIntervalMs > 0) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => void tick(), mailWorkerIntervalMs);
        timer.unref();
      });
    }
    // Before the database closes: stop the timer and let a pass in progress finish.
    app.addHook('preClose', async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
