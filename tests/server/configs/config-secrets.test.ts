// Secret stage fields (an export feed's password): encrypted at rest, answered as "set", never in a
// response, a history entry, a revision's patches or a log line; a blank write keeps the secret.
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { configMeta, configRevisions } from '../../../server/db/schema';
import { decryptSecret } from '../../../server/db/secret-key';
import { secretKeyOf } from '../../../server/db/secret-key';
import { DEMO_PASSWORD, openDemoDatabase, type TestServer } from '../../support/server';
import { companyInformation, configPath, demo, newConfig, writeStage, writeStages, type ConfigBody } from '../configs-helpers';
import { call } from '../helpers';

const SECRET = 'Portal-pass-7Qx!feed';
const NEXT_SECRET = 'Second-pass-9Wz?feed';

let server: TestServer;
let log = '';
let token: string;
let config: ConfigBody;

const feed = (password: string | undefined, label = 'AutoTrader main') => ({
  exportFeeds: [
    {
      id: 'ef7k2',
      export: 'AutoTrader',
      label,
      email: 'feeds@demomotors.co.uk',
      username: 'demomotors',
      ...(password === undefined ? {} : { password }),
      locationTags: [],
      dealerIds: '10042, 10043',
    },
  ],
});

async function storedFeed(): Promise<{ text: string; password: string }> {
  const [row] = await server.app.db
    .select({ value: configMeta.metaValue })
    .from(configMeta)
    .where(and(eq(configMeta.configId, config.id), eq(configMeta.metaKey, 'stage_data_export-feeds')));
  const value = row.value as { exportFeeds: Array<{ password: string }> };
  return { text: JSON.stringify(value), password: value.exportFeeds[0].password };
}

async function write(data: unknown) {
  const r = await writeStage(server, token, config, { slug: 'export-feeds', data, state: 'draft', version: config.version });
  expect(r.status, r.text).toBe(200);
  config = r.body;
  return r;
}

beforeAll(async () => {
  const { database, drop } = await openDemoDatabase();
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  // Debug level: more than production logs, so nothing slips through at a quieter level.
  const app = await buildApp({ database, logger: { level: 'debug', stream }, mailWorkerIntervalMs: 0, maxEventLoopDelay: false, secureCookies: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  server = {
    url,
    app,
    database,
    mail: undefined as never,
    async close() {
      await app.close();
      await drop();
    },
  };
  const d = await demo(server);
  token = d.tokens.admin;
  config = await newConfig(server, token, d.motors.company.guid, 'Secrets website');
  config = await writeStages(server, token, config, [{ slug: 'company-information', data: companyInformation, state: 'submitted' }]);
});

afterAll(async () => {
  await server?.close();
});

describe('a secret stage field', () => {
  it('is answered as "set", stored encrypted, and shown as "changed" in history', async () => {
    const r = await write(feed(SECRET));
    expect(r.text).not.toContain(SECRET);
    expect(r.body.data['export-feeds']).toMatchObject({ exportFeeds: [{ password: 'set', username: 'demomotors' }] });

    const read = await call<ConfigBody>(server, 'GET', configPath(config), { token });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(SECRET);
    expect(read.body.data['export-feeds']).toMatchObject({ exportFeeds: [{ password: 'set' }] });

    // At rest: an AES-256-GCM envelope that only the server's key opens.
    const stored = await storedFeed();
    expect(stored.text).not.toContain(SECRET);
    expect(stored.password).toMatch(/^enc1:[A-Za-z0-9_-]+$/);
    expect(decryptSecret(await secretKeyOf(server.app), stored.password)).toBe(SECRET);

    const history = await call<{ data: Array<{ stage: string; changes: Array<{ field: string; new: unknown }> }> }>(server, 'GET', `${configPath(config)}/history`, { token });
    expect(history.status).toBe(200);
    expect(history.text).not.toContain(SECRET);
    expect(history.text).not.toContain(stored.password);
    const change = history.body.data.find((rev) => rev.stage === 'export-feeds')!.changes[0];
    expect(JSON.stringify(change.new)).toContain('"password":"changed"');

    // The revision rows themselves (forward and inverse patches) hold neither text nor envelope.
    const revisions = JSON.stringify(await server.app.db.select().from(configRevisions).where(eq(configRevisions.configId, config.id)));
    expect(revisions).not.toContain(SECRET);
    expect(revisions).not.toContain('enc1:');
  });

  it('is kept by a write that leaves it blank, leaves it out or sends "set" back', async () => {
    const before = (await storedFeed()).password;
    await write(feed('', 'AutoTrader (all sites)'));
    expect((await storedFeed()).password).toBe(before);
    await write(feed(undefined, 'AutoTrader group'));
    expect((await storedFeed()).password).toBe(before);
    const same = await writeStage(server, token, config, { slug: 'export-feeds', data: feed('set', 'AutoTrader group'), state: 'draft', version: config.version });
    expect(same.status).toBe(200);
    expect(same.body.changed).toBe(false);
    // Typing the same secret again is no change either.
    const retyped = await writeStage(server, token, config, { slug: 'export-feeds', data: feed(SECRET, 'AutoTrader group'), state: 'draft', version: config.version });
    expect(retyped.body.changed).toBe(false);
    expect((await storedFeed()).password).toBe(before);
    expect(config.data['export-feeds']).toMatchObject({ exportFeeds: [{ password: 'set', label: 'AutoTrader group' }] });
  });

  it('is replaced by new text, and a too long one is refused without being echoed', async () => {
    const r = await write(feed(NEXT_SECRET));
    expect(r.text).not.toContain(NEXT_SECRET);
    expect(decryptSecret(await secretKeyOf(server.app), (await storedFeed()).password)).toBe(NEXT_SECRET);

    const long = `${NEXT_SECRET}-${'x'.repeat(200)}`;
    const refused = await writeStage(server, token, config, { slug: 'export-feeds', data: feed(long), state: 'draft', version: config.version });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]).toMatchObject({ field: '/exportFeeds/0/password' });
    expect(refused.text).not.toContain(NEXT_SECRET);
  });

  it('never reaches a log line', () => {
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/configs/');
    for (const secret of [SECRET, NEXT_SECRET]) expect(log).not.toContain(secret);
  });
});
