import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { seedDatabase } from '../../server/db/seed';
import { mailOutbox, users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { openPostgres } from '../../server/db/database';
import { createPostgresDatabase, openTestDatabase } from '../support/server';
import { startMailCatcher, type MailCatcher } from '../support/smtp';

// Two app instances on one database, as behind a load balancer: nothing may live in process memory.
let a: FastifyInstance;
let b: FastifyInstance;
let drop: () => Promise<void>;
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
  const common = { smtpUrl: catcher.url, mailWorkerIntervalMs: 0, maxEventLoopDelay: false as const, publicUrl: 'http://portal.test' };
  if (process.env.TEST_DB === 'postgres') {
    // Two connections of their own (pools, read caches), as two processes would have.
    const created = await createPostgresDatabase();
    drop = created.drop;
    const [first, second] = [await openPostgres(created.url), await openPostgres(created.url)];
    await first.migrate();
    await seedDatabase(first.db, { demo: true, demoPassword: 'Demo-pass-2026' });
    a = await buildApp({ database: first, ...common });
    b = await buildApp({ database: second, ...common });
  } else {
    // PGlite: one process only (the data-folder lock); the second instance shares its database,
    // and only the first closes it.
    const { database, drop: dropDb } = await openTestDatabase();
    drop = dropDb;
    await database.migrate();
    await seedDatabase(database.db, { demo: true, demoPassword: 'Demo-pass-2026' });
    a = await buildApp({ database, ...common });
    b = await buildApp({ database: { ...database, close: async () => {} }, ...common });
  }
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await drop?.();
  await catcher?.close();
});

describe('two instances on one database', () => {
  it('share the signing secret and the sessions', async () => {
    const signIn = await a.inject({ method: 'POST', url: '/api/login', payload: { email: 'dealer@demo.test', password: 'Demo-pass-2026' } });
    const { access_token } = signIn.json() as { access_token: string };
    const me = await b.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'portal_refresh')!;
    const refreshed = await b.inject({ method: 'POST', url: '/api/login/refresh', cookies: { portal_refresh: cookie.value } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('send every outbox mail exactly once when both workers run at the same time', async () => {
    const count = 12;
    await a.db.insert(mailOutbox).values(
      Array.from({ length: count }, (_, i) => ({ to: `bulk${i}@demo.test`, subject: `Bulk ${i}`, text: `Mail number ${i}` })),
    );
    for (let pass = 0; pass < 4; pass++) await Promise.all([a.mail.flush(), b.mail.flush(), a.mail.flush(), b.mail.flush()]);
    await Promise.all(Array.from({ length: count }, (_, i) => catcher.waitFor(`bulk${i}@demo.test`, 5000)));
    const bulk = catcher.messages.filter((m) => m.to.startsWith('bulk'));
    expect(bulk).toHaveLength(count);
    expect(new Set(bulk.map((m) => m.subject)).size).toBe(count);
    const rows = await a.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.to.startsWith('bulk')).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a change made on one instance shows at once on the other, which answers repeated reads from memory', async () => {
    const signIn = await a.inject({ method: 'POST', url: '/api/login', payload: { email: 'dealer2@demo.test', password: 'Demo-pass-2026' } });
    const { access_token } = signIn.json() as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    const me = () => b.inject({ method: 'GET', url: '/api/users/current', headers });
    const name = (await me()).json().user.name as string;
    const hits = b.database.reads.hits;
    expect((await me()).json().user.name).toBe(name);
    expect(b.database.reads.hits).toBeGreaterThan(hits);

    // Written through the first instance only: the second's memory knows nothing of it.
    await a.db.update(users).set({ name: 'Renamed Elsewhere' }).where(eq(users.email, 'dealer2@demo.test'));
    expect((await me()).json().user.name).toBe('Renamed Elsewhere');
    await a.db.update(users).set({ name }).where(eq(users.email, 'dealer2@demo.test'));
    expect((await me()).json().user.name).toBe(name);

    // Signed out on the first instance: the token is refused by the second on its next request.
    expect((await me()).statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'portal_refresh')!;
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers, cookies: { portal_refresh: cookie.value } })).statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
  });
});
