// Two app instances on one database, as behind a balancer: a stage page's stream on instance A
// hears of a save made on instance B and of a page opened there (PostgreSQL's LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { openPostgres } from '../../../server/db/database';
import { createPostgresDatabase, openDemoDatabase, DEMO_PASSWORD } from '../../support/server';
import { companyInformation } from '../configs-helpers';
import { names, openEvents } from './events-helpers';

let a: FastifyInstance;
let b: FastifyInstance;
let urlA = '';
let urlB = '';
let drop: () => Promise<void>;

beforeAll(async () => {
  const common = { mailWorkerIntervalMs: 0, maxEventLoopDelay: false as const, trackerSweepSeconds: 0, importWorkers: 0, secureCookies: false, logger: false as const };
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const [first, second] = [await openPostgres(created.url), await openPostgres(created.url)];
    await first.migrate();
    await seedDatabase(first.db, { demo: true, demoPassword: DEMO_PASSWORD });
    a = await buildApp({ database: first, ...common });
    b = await buildApp({ database: second, ...common });
  } else {
    // PGlite: one process; the second instance shares the database, only the first closes it.
    const { database, drop: dropDb } = await openDemoDatabase();
    drop = dropDb;
    await database.migrate();
    await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
    a = await buildApp({ database, ...common });
    b = await buildApp({ database: { ...database, close: async () => {} }, ...common });
  }
  urlA = await a.listen({ host: '127.0.0.1', port: 0 });
  urlB = await b.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await drop?.();
});

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('event streams across instances', () => {
  it('a stream on A hears of a page opened on B and of a save made on B', async () => {
    const [dealer, pm] = await Promise.all([signIn(urlB, 'dealer@demo.test'), signIn(urlA, 'pm@demo.test')]);
    // A new config of the dealer's company, made on A (its company-information stage a draft).
    const motors = ((await (await fetch(`${urlA}/api/configs`, { headers: { authorization: `Bearer ${pm}` } })).json()) as Array<{ name: string; company: { guid: string } }>).find((c) => c.name === 'Demo Motors website')!;
    const made = await fetch(`${urlA}/api/companies/${motors.company.guid}/configs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pm}`, 'content-type': 'application/json' },
      body: JSON.stringify({ config: { name: 'Live test', design_type: 'custom' }, lang: 'en' }),
    });
    expect(made.status).toBe(201);
    const config = (await made.json()) as { id: number };
    const read = (await (await fetch(`${urlB}/api/configs/${config.id}`, { headers: { authorization: `Bearer ${dealer}` } })).json()) as { guid: string; version: number; company: { guid: string } };
    const put = (postcode: string, version: number) =>
      fetch(`${urlB}/api/companies/${read.company.guid}/configs/${read.guid}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${dealer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ slug: 'company-information', state: 'draft', version, data: { companyInformation: { ...companyInformation.companyInformation, postcode } } }),
      });
    // The stage's first save holds the whole stage; the second changes one field.
    const first = await put('LS1 1AA', read.version);
    expect(first.status).toBe(200);
    const firstVersion = ((await first.json()) as { version: number }).version;

    const onA = await openEvents(urlA, pm, config.id, 'company-information');
    expect(names(await onA.next('presence'))).toEqual([]);
    const onB = await openEvents(urlB, dealer, config.id, 'company-information');
    expect(names(await onB.next('presence'))).toEqual(['Pat Project']);
    expect(names(await onA.next('presence', (e) => e.users.length === 1))).toEqual(['Dana Dealer']);

    const second = await put('EH1 1YZ', firstVersion);
    expect(second.status).toBe(200);
    const written = (await second.json()) as { version: number };
    const saved = await onA.next('saved');
    expect(saved).toMatchObject({ version: written.version, stage: 'company-information', by: { name: 'Dana Dealer' } });
    expect(saved.fields).toEqual(['/companyInformation/postcode']);

    onB.close();
    expect(names(await onA.next('presence', (e) => e.users.length === 0))).toEqual([]);
    onA.close();
  });
});
