import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageFiles } from '../../../engine';
import { createPostgresDatabase } from '../../support/server';
import { killAll, startPortal, until, type PortalProcess } from '../../support/process';
import { startMailCatcher, type MailCatcher } from '../../support/smtp';
import { parseResetLink } from '../helpers';
import { eventually, noDist, refreshCookieOf, signInAt, timed } from './support';

// Two real server processes on one PostgreSQL database, as behind a load balancer, sharing
// nothing else: sessions, rate limits, the mail outbox and the stage validator modules live in the
// database, so a client may be sent to either, and each mail goes out once while both outbox
// workers run.
const postgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!postgres)('two server processes on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let catcher: MailCatcher;
  let a: PortalProcess;
  let b: PortalProcess;
  let urlA = '';
  let urlB = '';
  let env: Record<string, string> = {};
  const staticDir = noDist();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    catcher = await startMailCatcher();
    // No tracker sweep: its first pass mails the demo projects' due tasks and pending variations to
    // the same demo addresses the reset-mail test counts (the sweep's once-only mails have their own
    // test, tests/server/projects/notifications.test.ts).
    // JOB_STALE_SECONDS: a run not heard of for 3 s lost its instance (the last test kills one).
    env = { DATABASE_URL: database.url, DEMO_DATA: '1', STATIC_DIR: staticDir, SMTP_URL: catcher.url, PUBLIC_URL: 'http://portal.test', TRACKER_SWEEP_SECONDS: '0', JOB_STALE_SECONDS: '3' };
    // Both start at once on the empty database: migrations and seeding must not trip each other.
    a = startPortal(env);
    b = startPortal(env);
    [urlA, urlB] = await Promise.all([a, b].map(async (run) => (await until(run, /listening on (http:\/\/\S+)/))[1]));
  }, 120_000);

  afterAll(async () => {
    killAll();
    await catcher?.close();
    await database?.drop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('a session made on one works on the other: access token, refresh, and sign-out', async () => {
    const session = await signInAt(urlA, 'dealer@demo.test');
    expect((await timed(urlB, 'GET', '/api/users/current', { token: session.token })).status).toBe(200);

    const refreshed = await fetch(`${urlB}/api/login/refresh`, { method: 'POST', headers: { cookie: session.cookie } });
    expect(refreshed.status).toBe(200);
    const next = refreshCookieOf(refreshed)!;
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await timed(urlA, 'GET', '/api/users/current', { token: access_token })).status).toBe(200);

    // The rotated cookie goes on at A; signing out at B ends the session for A too.
    const again = await fetch(`${urlA}/api/login/refresh`, { method: 'POST', headers: { cookie: next } });
    expect(again.status).toBe(200);
    const last = refreshCookieOf(again)!;
    expect((await fetch(`${urlB}/api/logout`, { method: 'POST', headers: { cookie: last } })).status).toBe(204);
    expect((await timed(urlA, 'POST', '/api/login/refresh', { cookie: last })).status).toBe(401);
  });

  it('counts sign-in attempts across both: the 11th wrong password is refused on either', async () => {
    const wrong = { email: 'pm@demo.test', password: 'Not-the-password-1' };
    // The default limit: 10 attempts per address and email in 15 minutes.
    for (let i = 0; i < 10; i++) {
      const answer = await timed(i % 2 ? urlB : urlA, 'POST', '/api/login', { body: wrong });
      expect(answer.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const url of [urlA, urlB]) {
      const refused = await timed(url, 'POST', '/api/login', { body: wrong });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.stringMatching(/Too many/i) });
    }
    // Even the right password, at either, until the window is over.
    expect((await timed(urlB, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: 'Demo-pass-2026' } })).status).toBe(429);
  });

  it('delivers each of 8 reset mails queued through both exactly once while both workers run', async () => {
    // 4 users x 2 requests, one through each process; with the marker below, 9 requests from this
    // one address: under the forgot-password limit per address (10 an hour, issue 25).
    const users = ['admin@demo.test', 'am@demo.test', 'dealer@demo.test', 'dealer2@demo.test'];
    const perUser = 2;
    const requests = users.flatMap((email) => Array.from({ length: perUser }, (_, i) => ({ email, url: i % 2 ? urlB : urlA })));
    const answers = await Promise.all(requests.map(({ email, url }) => timed(url, 'POST', '/api/password/email', { body: { email } })));
    expect(answers.map((x) => x.status)).toEqual(requests.map(() => 200));

    const resets = () => catcher.messages.filter((m) => users.includes(m.to));
    await eventually(async () => resets().length >= requests.length, 'every reset mail', 60_000);

    // Every row is sent, each on its first attempt: no worker took a row another had taken. Once
    // all are marked sent no worker can take one again, so the count below is final.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const rows = await eventually(async () => {
        const { rows } = await client.query<{ status: string; attempts: number }>(
          `SELECT status, attempts FROM mail_outbox WHERE "to" = ANY($1)`,
          [users],
        );
        return rows.length === requests.length && rows.every((r) => r.status === 'sent') ? rows : null;
      }, 'every outbox row marked sent', 30_000);
      expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
    } finally {
      await client.end();
    }

    // A marker mail queued now arrives only after later passes of the workers.
    expect((await timed(urlB, 'POST', '/api/password/email', { body: { email: 'pm@demo.test' } })).status).toBe(200);
    await catcher.waitFor('pm@demo.test', 30_000);

    const delivered = resets();
    expect(delivered).toHaveLength(requests.length);
    const tokens = new Set(delivered.map((m) => parseResetLink(m.text).token));
    expect(tokens.size).toBe(requests.length);
    for (const email of users) expect(delivered.filter((m) => m.to === email)).toHaveLength(perUser);
  }, 120_000);

  it("serves a stage draft's and a published version's validators from the instance that did not compile them", async () => {
    const admin = await signInAt(urlA, 'admin@demo.test');
    const file = JSON.parse(JSON.stringify(stageFiles['key-contact'])) as { schema: { properties: Record<string, unknown> } };
    file.schema.properties.preferredContactTime = { type: 'string', title: 'configurator:fields.preferredContactTime', maxLength: 40 };
    const stage = await timed(urlA, 'GET', '/api/stage-catalogue/key-contact', { token: admin.token });
    const revision = (stage.body as { draft: { revision: number } | null }).draft?.revision ?? 0;
    const labels = { 'en-GB': { 'fields.preferredContactTime': 'Best time to call' } };
    const saved = await timed(urlA, 'PUT', '/api/stage-catalogue/key-contact/draft', { token: admin.token, body: { file, labels, revision }, timeoutMs: 30_000 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = saved.body as { revision: number; validator: string; validator_key: string };

    // The editor's preview on A imports the draft's module; the balancer may send that to B.
    const [atA, atB] = await Promise.all([urlA, urlB].map((url) => fetch(`${url}/api${draft.validator}`)));
    expect(atB.status).toBe(200);
    expect(atB.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await atB.text();
    expect(text).toBe(await atA.text());
    expect(text).toContain(`"stage:${draft.validator_key}"`);

    // Published on A: a dealer's stage page pinned to it loads its validators from B.
    const published = await timed(urlA, 'POST', '/api/stage-catalogue/key-contact/publish', { token: admin.token, body: { note: 'Two instances', revision: draft.revision }, timeoutMs: 30_000 });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const { validator } = published.body as { validator: string };
    const version = await fetch(`${urlB}/api${validator}`);
    expect(version.status).toBe(200);
    expect(await version.text()).toMatch(/"stage:key-contact@2-[0-9a-f]{12}"/);
    expect((await fetch(`${urlB}/api/stage-validators/${'0'.repeat(32)}.js`)).status).toBe(404);
  }, 60_000);

  type Job = { id: string; status: string; processed: number; total: number; result?: { version: number }; error?: { message: string } };
  type NewConfig = { guid: string; version: number; company: { guid: string } };
  const rows = ['record,name,address_line1,town,postcode,country,reg_number,franchises', 'company,Twin Motors Ltd,1 Road,Leeds,LS1 1AA,GB,01111111,', 'franchise,Ford,,,,,,'];
  const file = (sites: number) => [...rows, ...Array.from({ length: sites }, (_, i) => `location,Site ${i},${i} Long Road,Leeds,LS1 1AA,GB,,Ford`)].join('\n');
  /** Staff at `url`, with a new config of the first demo company to import into. */
  async function importer(url: string) {
    const admin = await signInAt(url, 'admin@demo.test');
    const list = await timed(url, 'GET', '/api/configs?range=[0,0]', { token: admin.token });
    const company = (list.body as Array<{ company: { guid: string } }>)[0].company.guid;
    return {
      async newConfig(name: string) {
        const made = await timed(url, 'POST', `/api/companies/${company}/configs`, { token: admin.token, body: { config: { name, design_type: 'custom' }, lang: 'en' } });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        return made.body as NewConfig;
      },
      async start(config: NewConfig, sites: number, at = url) {
        const started = await timed(at, 'POST', '/api/migration/imports', { token: admin.token, body: { file: { name: 'twin.csv', content: file(sites) }, config: config.guid, company: config.company.guid }, timeoutMs: 30_000 });
        expect(started.status, JSON.stringify(started.body)).toBe(202);
        return started.body as Job;
      },
      poll: async (at: string, id: string) => (await timed(at, 'GET', `/api/migration/jobs/${id}`, { token: admin.token })).body as Job,
      version: async (at: string, config: NewConfig) => ((await timed(at, 'GET', `/api/configs/${config.guid}`, { token: admin.token })).body as { version: number }).version,
      token: admin.token,
    };
  }
  const ended = (poll: (at: string, id: string) => Promise<Job>, at: string, id: string) =>
    eventually(async () => {
      const seen = await poll(at, id);
      return seen.status === 'running' ? null : seen;
    }, 'the import ends', 90_000);

  it('answers an import job started on one instance on the other: its progress, its cancel, its result', async () => {
    const { newConfig, start, poll, version, token } = await importer(urlA);

    // Cancelled through B while it runs: nothing is imported.
    const big = await newConfig('Twin instances, cancelled');
    const job = await start(big, 3000);
    const cancel = await timed(urlB, 'POST', `/api/migration/jobs/${job.id}/cancel`, { token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await ended(poll, urlB, job.id)).status).toBe('cancelled');
    expect((await poll(urlA, job.id)).status).toBe('cancelled');
    expect(await version(urlB, big)).toBe(big.version);

    // Started on A, followed on B to its end: B answers the result written.
    const small = await newConfig('Twin instances, imported');
    const second = await start(small, 5);
    expect((await poll(urlB, second.id)).total).toBe(7);
    const done = await ended(poll, urlB, second.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.processed).toBe(7);
    expect(done.result?.version).toBe(small.version + 1);
    expect(await version(urlB, small)).toBe(small.version + 1);
  }, 120_000);

  // Last: it stops instances. A third joins so that two are left to take the job over each time.
  it('runs an import again, from the start, on another instance when the one running it is stopped or killed: written once', async () => {
    const c = startPortal(env);
    const urlC = (await until(c, /listening on (http:\/\/\S+)/))[1];
    const live = new Map([[a.child.pid!, urlA], [b.child.pid!, urlB], [c.child.pid!, urlC]]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { newConfig, start, poll, version } = await importer(urlC);
    const revisions = async (config: NewConfig) =>
      (await client.query("SELECT count(*)::int AS n FROM config_revisions r JOIN configs c ON c.id = r.config_id WHERE c.guid = $1 AND r.action = 'import'", [config.guid])).rows[0].n as number;
    try {
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const config = await newConfig(`Twin instances, ${signal}`);
        const job = await start(config, 3000, [...live.values()][0]);
        // The instance whose worker took it (the job names it), once it is well into the rows.
        const runner = await eventually(async () => {
          const row = (await client.query('SELECT run_by, processed FROM import_jobs WHERE id = $1', [job.id])).rows[0] as { run_by: string | null; processed: number };
          return row.run_by && row.processed > 0 ? Number(row.run_by.split(':').at(-1)) : null;
        }, 'a worker runs the import', 30_000);
        expect(live.has(runner), `${runner} is one of ours`).toBe(true);
        process.kill(runner, signal);
        live.delete(runner);
        const survivor = [...live.values()][0];
        const done = await ended(poll, survivor, job.id);
        expect(done.status, `${signal}: ${JSON.stringify(done)}`).toBe('done');
        expect(done.processed).toBe(3002);
        expect(done.result?.version).toBe(config.version + 1);
        expect(await version(survivor, config)).toBe(config.version + 1);
        expect(await revisions(config)).toBe(1);
        const row = (await client.query('SELECT attempts, run_by, request FROM import_jobs WHERE id = $1', [job.id])).rows[0];
        expect(row.attempts, signal).toBe(2);
        expect(Number(row.run_by.split(':').at(-1))).not.toBe(runner);
        expect(row.request).toBeNull();
      }
    } finally {
      await client.end();
    }
  }, 240_000);
});
