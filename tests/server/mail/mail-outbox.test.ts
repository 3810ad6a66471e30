import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { mailOutbox } from '../../../server/db/schema';
import { openDemoDatabase } from '../../support/server';
import { startMailCatcher, type MailCatcher } from '../../support/smtp';

let app: FastifyInstance;
let drop: () => Promise<void>;
let port = 0;
let catcher: MailCatcher | null = null;

beforeAll(async () => {
  // Find a free port, then leave it closed: the SMTP server is "down".
  const probe = await startMailCatcher();
  port = Number(new URL(probe.url).port);
  await probe.close();
  const opened = await openDemoDatabase();
  drop = opened.drop;
  await opened.database.migrate();
  await seedDatabase(opened.database.db, { demo: true, demoPassword: 'Demo-pass-2026' });
  app = await buildApp({ database: opened.database, smtpUrl: `smtp://127.0.0.1:${port}`, mailWorkerIntervalMs: 0, maxEventLoopDelay: false as const, publicUrl: 'http://portal.test' });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await catcher?.close();
});

describe('mail outbox', () => {
  it('keeps the mail while SMTP is down and delivers it once SMTP is back', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'dealer@demo.test' } });
    expect(r.statusCode).toBe(200);

    await app.mail.flush();
    const [failed] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dealer@demo.test'));
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    catcher = await startMailCatcher({ port });
    // Not due yet: a pass now sends nothing.
    await app.mail.flush();
    expect(catcher.messages).toHaveLength(0);
    await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, failed.id));
    await app.mail.flush();
    const mail = await catcher.waitFor('dealer@demo.test', 5000);
    expect(mail.text).toContain('http://portal.test/#/password/reset/');
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
  });

  it('writes no mail when the change fails (same transaction)', async () => {
    const before = (await app.db.select().from(mailOutbox)).length;
    const r = await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'ghost@demo.test' } });
    expect(r.statusCode).toBe(401);
    expect((await app.db.select().from(mailOutbox)).length).toBe(before);
  });
});
