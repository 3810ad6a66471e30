import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailService {
  /** Writes the mail to the outbox inside the caller's transaction: it goes if and only if the change commits. */
  enqueue(tx: Db | Tx, mail: OutgoingMail): Promise<void>;
  /** One worker pass now (tests, shutdown). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

const BATCH = 10;
const MAX_ATTEMPTS = 8;
// A claimed row is leased for this long: if the process dies mid-send, another picks it up later.
const LEASE_SECONDS = 120;
const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** (attempts - 1));

type Row = typeof mailOutbox.$inferSelect;

/**
 * Transactional outbox + in-process worker. With SMTP_URL it claims due rows with
 * FOR UPDATE SKIP LOCKED (two instances never take the same row), sends, and retries with
 * exponential backoff. Without SMTP_URL mails stay pending and each is printed to the log once.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom, mailWorkerIntervalMs } = app.config;
    const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    if (!transport) app.log.info('No SMTP_URL: mails stay in the outbox and are printed to this log.');

    const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

    async function claim(): Promise<Row[]> {
      const result = await app.db.execute(sql`
        UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}
        WHERE id IN (
          SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, "to", subject, text, html, attempts`);
      return rowsOf<Row>(result);
    }

    async function sendDue() {
      for (const row of await claim()) {
        try {
          await transport!.sendMail({ from: mailFrom, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
          await app.db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, row.id));
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const giveUp = row.attempts >= MAX_ATTEMPTS;
          app.log.warn({ mailId: row.id, attempts: row.attempts, err: message }, giveUp ? 'mail failed for good' : 'mail failed; will retry');
          await app.db
            .update(mailOutbox)
            .set({
              status: giveUp ? 'failed' : 'pending',
              lastError: message,
              nextAttemptAt: sql`now() + ${sql.raw(`interval '${backoffSeconds(row.attempts)} seconds'`)}`,
            })
            .where(eq(mailOutbox.id, row.id));
        }
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
        .catch((err) => app.log.error({ err }, 'mail worker pass failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };

    const service: MailService = {
      async enqueue(tx, mail) {
        await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
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
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
