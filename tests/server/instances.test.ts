import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { seedDatabase } from '../../server/db/seed';
import { mailOutbox, users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { openPostgres } from '../../server/db/database';
import { createPostgresDatabase, openDemoDatabase } from '../support/server';
import { companyInformation } from './configs-helpers';
import { servedFromMemory } from './helpers';
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
    const { database, drop: dropDb } = await openDemoDatabase();
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
    expect(await servedFromMemory(b.database.reads, me)).toBe(true);
    expect((await me()).json().user.name).toBe(name);

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

  it("a config's stage data kept in memory gives way to a write made on the other instance, and a write is never based on it when stale", async () => {
    const signIn = async (app: FastifyInstance, email: string) =>
      ((await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Demo-pass-2026' } })).json() as { access_token: string }).access_token;
    const headersA = { authorization: `Bearer ${await signIn(a, 'pm@demo.test')}` };
    const headersB = { authorization: `Bearer ${await signIn(b, 'pm@demo.test')}` };
    const company = (await a.inject({ method: 'GET', url: '/api/companies/1', headers: headersA })).json() as { guid: string };
    const created = await a.inject({ method: 'POST', url: `/api/companies/${company.guid}/configs`, headers: headersA, payload: { config: { name: 'Two instances', design_type: 'custom' }, lang: 'en' } });
    expect(created.statusCode).toBe(201);
    const { guid, id } = created.json() as { guid: string; id: number };
    const path = `/api/companies/${company.guid}/configs/${guid}`;
    const info = (name: string) => ({ companyInformation: { ...companyInformation.companyInformation, name } });
    const put = (app: FastifyInstance, headers: Record<string, string>, name: string, version: number) =>
      app.inject({ method: 'PUT', url: path, headers, payload: { slug: 'company-information', data: info(name), state: 'draft', version } });
    const nameOn = async (app: FastifyInstance, headers: Record<string, string>) => {
      const c = (await app.inject({ method: 'GET', url: `/api/configs/${id}`, headers })).json() as { version: number; data: Record<string, { companyInformation: { name: string } }> };
      return { version: c.version, name: c.data['company-information']?.companyInformation.name };
    };

    expect((await put(a, headersA, 'Written on a', 1)).json()).toMatchObject({ version: 2 });
    // Both instances now keep version 2 in memory: a from its write, b from its read.
    const hits = a.configCache.hits;
    expect(await nameOn(a, headersA)).toEqual({ version: 2, name: 'Written on a' });
    expect(a.configCache.hits).toBeGreaterThan(hits);
    expect(await nameOn(b, headersB)).toEqual({ version: 2, name: 'Written on a' });

    expect((await put(b, headersB, 'Written on b', 2)).json()).toMatchObject({ version: 3 });
    expect(await nameOn(a, headersA)).toEqual({ version: 3, name: 'Written on b' });
    // A write on a based on what it kept (version 2) would be stale: it is refused, nothing lost.
    expect((await put(a, headersA, 'Stale on a', 2)).statusCode).toBe(409);
    expect((await put(a, headersA, 'Written on a again', 3)).json()).toMatchObject({ version: 4 });
    expect(await nameOn(b, headersB)).toEqual({ version: 4, name: 'Written on a again' });
  });
});
