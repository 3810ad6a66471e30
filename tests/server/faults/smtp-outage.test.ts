import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { mailOutbox } from '../../../server/db/schema';
import { killAll, startPortal, until, type PortalProcess } from '../../support/process';
import { openDemoDatabase } from '../../support/server';
import { startMailCatcher, type MailCatcher } from '../../support/smtp';
import { parseResetLink } from '../helpers';
import { DEMO, freePort, noDist, processDatabase, signInAt, timed } from './support';

// The SMTP relay is down when a user asks for a password reset: the request still succeeds (the
// mail waits in the outbox), and once the relay is back the mail arrives, once. On PGlite and on
// PostgreSQL alike: the outbox is the same table.

describe('SMTP down while a reset mail is requested (a real server process)', () => {
  let db: { env: Record<string, string>; drop(): Promise<void> };
  let run: PortalProcess;
  let url = '';
  let port = 0;
  let catcher: MailCatcher | null = null;
  const staticDir = noDist();

  beforeAll(async () => {
    db = await processDatabase();
    port = await freePort();
    run = startPortal({ ...db.env, STATIC_DIR: staticDir, SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://portal.test' });
    url = (await until(run, /listening on (http:\/\/\S+)/))[1];
  });
  afterAll(async () => {
    killAll();
    await catcher?.close();
    await db?.drop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('accepts the request, keeps the mail and delivers it exactly once when SMTP is back', async () => {
    const asked = await timed(url, 'POST', '/api/password/email', { body: { email: 'dealer@demo.test' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'We have emailed your password reset link!' });

    // The worker tried while the relay was down, and will try again.
    await until(run, /mail failed; will retry/, 30_000);

    catcher = await startMailCatcher({ port });
    const mail = await catcher.waitFor('dealer@demo.test', 60_000);
    const { token } = parseResetLink(mail.text);

    // A second mail, asked for now: once it has arrived the worker has had passes after the first
    // delivery, so a duplicate of the first would have arrived by then too.
    expect((await timed(url, 'POST', '/api/password/email', { body: { email: 'pm@demo.test' } })).status).toBe(200);
    await catcher.waitFor('pm@demo.test', 60_000);
    expect(catcher.messages.filter((m) => m.to === 'dealer@demo.test')).toHaveLength(1);

    // And it is the real thing: the link resets the password.
    const reset = await timed(url, 'POST', '/api/password/reset', {
      body: { token, email: 'dealer@demo.test', password: 'After-outage-2026', password_confirmation: 'After-outage-2026' },
    });
    expect(reset.status).toBe(200);
    await signInAt(url, 'dealer@demo.test', 'After-outage-2026');
    await expect(signInAt(url, 'dealer@demo.test', DEMO)).rejects.toThrow(/401/);
  }, 120_000);
});

describe('the outbox over a long SMTP outage', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let port = 0;
  let catcher: MailCatcher | null = null;

  beforeAll(async () => {
    port = await freePort();
    const opened = await openDemoDatabase();
    drop = opened.drop;
    await opened.database.migrate();
    await seedDatabase(opened.database.db, { demo: true, demoPassword: DEMO });
    app = await buildApp({ database: opened.database, smtpUrl: `smtp://127.0.0.1:${port}`, mailWorkerIntervalMs: 0, maxEventLoopDelay: false, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await catcher?.close();
  });

  it('never gives a mail up because the relay was unreachable, and retries within minutes once it is back', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'dealer2@demo.test' } });
    expect(r.statusCode).toBe(200);
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dealer2@demo.test'));

    // The relay has been down for hours: the mail has been tried many times already.
    await app.db.update(mailOutbox).set({ attempts: 20, nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, row.id));
    await app.mail.flush();
    const [after] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after.status).toBe('pending');
    expect(after.attempts).toBe(21);
    expect(after.lastError).toMatch(/ECONNREFUSED/);
    // The next try is minutes away at most, not hours.
    const waitSeconds = (after.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(0);
    expect(waitSeconds).toBeLessThanOrEqual(300);

    catcher = await startMailCatcher({ port });
    await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, row.id));
    await app.mail.flush();
    const mail = await catcher.waitFor('dealer2@demo.test', 10_000);
    expect(mail.text).toContain('http://portal.test/#/password/reset/');
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(sent.status).toBe('sent');
  });

  it('gives up on a mail the relay rejects for good, after the last attempt', async () => {
    // A relay that refuses this recipient outright (550), as for an address that does not exist.
    const { SMTPServer } = await import('smtp-server');
    const rejecting = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      },
    });
    await catcher?.close();
    catcher = null;
    await new Promise<void>((resolve) => rejecting.listen(port, '127.0.0.1', () => resolve()));
    try {
      const r = await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'am@demo.test' } });
      expect(r.statusCode).toBe(200);
      const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'am@demo.test'));
      await app.db.update(mailOutbox).set({ attempts: 7 }).where(eq(mailOutbox.id, row.id));
      await app.mail.flush();
      const [after] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(after.status).toBe('failed');
      expect(after.lastError).toMatch(/550/);
    } finally {
      await new Promise<void>((resolve) => rejecting.close(() => resolve()));
    }
  });
});
