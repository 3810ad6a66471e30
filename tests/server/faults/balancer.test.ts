import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageFiles } from '../../../engine';
import { closeContexts, SETTLE, workerBrowser } from '../../support/browser';
import { companyInformation } from '../configs-helpers';
import { createPostgresDatabase, seededTemplate } from '../../support/server';
import { killAll, startPortal, until, type PortalProcess } from '../../support/process';
import { eventually, freePort, noDist, signInAt, timed } from './support';

// Three real server processes on one PostgreSQL database behind a real HAProxy with
// deploy/haproxy.cfg (round robin, no affinity), as an operator runs them (issue 53): every request
// below may reach any instance. An import is started, polled and cancelled; a stage version is
// published and its validators served, and a new config's stage page opens in Chromium through the
// balancer with that version's field and validators; a dashboard asked after a write always shows
// it (the race of issue 53); then each instance is restarted in turn while
// writes stream through the balancer: no write acknowledged is lost and no request fails. The
// instances serve the built app (dist/, built before the tests by `npm test`).
const postgres = process.env.TEST_DB === 'postgres';
const haproxy = spawnSync('haproxy', ['-v']).status === 0;
if (postgres && !haproxy && process.env.REQUIRE_HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy): the balancer test needs it');

describe.skipIf(!postgres || !haproxy)('three instances behind HAProxy on one PostgreSQL (needs TEST_DATABASE_URL and haproxy)', () => {
  let database: { url: string; drop(): Promise<void> };
  let balancer: ChildProcess;
  let url = '';
  const dist = resolve(__dirname, '../../../dist');
  const staticDir = existsSync(join(dist, 'index.html')) ? dist : noDist();
  const folder = mkdtempSync(join(tmpdir(), 'portal-balancer-'));
  const ports: number[] = [];
  const instances: PortalProcess[] = [];
  let env: Record<string, string>;
  let admin: { token: string };

  const start = async (i: number) => {
    instances[i] = startPortal({ ...env, PORT: String(ports[i]) });
    await until(instances[i], /listening on (http:\/\/\S+)/);
  };
  /** How many of the instances the balancer sends to now (its health checks passed). */
  const up = async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const answer = await fetch(`${url}/api/health`);
      seen.add(answer.headers.get('x-served-by') ?? '');
    }
    return seen.size;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(seededTemplate());
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    const front = await freePort();
    // deploy/haproxy.cfg itself, on this run's ports, and saying which instance answered.
    const config = readFileSync(resolve(__dirname, '../../../deploy/haproxy.cfg'), 'utf8')
      .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${front}`)
      .replace(/server ([abc]) 127\.0\.0\.1:300(\d)/g, (_, name: string, n: string) => `server ${name} 127.0.0.1:${ports[Number(n) - 1]}`)
      .replace('backend instances', 'backend instances\n    http-response set-header X-Served-By %s');
    writeFileSync(join(folder, 'haproxy.cfg'), config);
    env = { DATABASE_URL: database.url, DEMO_DATA: '1', STATIC_DIR: staticDir, TRACKER_SWEEP_SECONDS: '0', TRUST_PROXY: '1', SHUTDOWN_TIMEOUT_MS: '10000' };
    await Promise.all([0, 1, 2].map(start));
    balancer = spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    url = `http://127.0.0.1:${front}`;
    await eventually(async () => (await up()) === 3, 'the balancer sends to all three instances', 30_000);
    admin = await signInAt(url, 'admin@demo.test');
  }, 180_000);

  afterAll(async () => {
    balancer?.kill('SIGKILL');
    killAll();
    await database?.drop();
    if (staticDir !== dist) rmSync(staticDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
    await closeContexts(await workerBrowser().catch(() => undefined));
  });

  const companyGuid = async () => {
    const list = await timed(url, 'GET', '/api/configs?range=[0,0]', { token: admin.token });
    return (list.body as Array<{ company: { guid: string } }>)[0].company.guid;
  };

  it('spreads requests over the three with no affinity; each says which request it was', async () => {
    const served = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      const answer = await fetch(`${url}/api/users/current`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/i);
      const by = answer.headers.get('x-served-by') ?? '';
      served.set(by, (served.get(by) ?? 0) + 1);
    }
    expect([...served.values()]).toEqual([4, 4, 4]);
  });

  it('runs an import whichever instance gets its start, polls and cancel', async () => {
    const company = await companyGuid();
    const made = await timed(url, 'POST', `/api/companies/${company}/configs`, { token: admin.token, body: { config: { name: 'Behind the balancer', design_type: 'custom' }, lang: 'en' } });
    expect(made.status).toBe(201);
    const config = made.body as { guid: string; version: number; company: { guid: string } };
    const rows = ['record,name,address_line1,town,postcode,country,reg_number,franchises', 'company,Balanced Motors Ltd,1 Road,Leeds,LS1 1AA,GB,01111111,', 'franchise,Ford,,,,,,'];
    for (let i = 0; i < 3000; i++) rows.push(`location,Site ${i},${i} Long Road,Leeds,LS1 1AA,GB,,Ford`);
    const started = await timed(url, 'POST', '/api/migration/imports', { token: admin.token, body: { file: { name: 'balanced.csv', content: rows.join('\n') }, config: config.guid, company: config.company.guid }, timeoutMs: 30_000 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = (started.body as { id: string }).id;
    // Polled twice (two other instances), then cancelled (the third, or the first again).
    for (let i = 0; i < 2; i++) expect((await timed(url, 'GET', `/api/migration/jobs/${id}`, { token: admin.token })).status).toBe(200);
    expect((await timed(url, 'POST', `/api/migration/jobs/${id}/cancel`, { token: admin.token })).status).toBe(200);
    const ended = await eventually(async () => {
      const seen = (await timed(url, 'GET', `/api/migration/jobs/${id}`, { token: admin.token })).body as { status: string };
      return seen.status === 'running' ? null : seen;
    }, 'the import ends', 60_000);
    expect(ended.status).toBe('cancelled');
    expect(((await timed(url, 'GET', `/api/configs/${config.guid}`, { token: admin.token })).body as { version: number }).version).toBe(config.version);
  }, 120_000);

  it("serves a stage version's validators from every instance once it is published on one", async () => {
    const file = JSON.parse(JSON.stringify(stageFiles['key-contact'])) as { schema: { properties: Record<string, unknown> } };
    file.schema.properties.preferredContactTime = { type: 'string', title: 'configurator:fields.preferredContactTime', maxLength: 40 };
    const saved = await timed(url, 'PUT', '/api/stage-catalogue/key-contact/draft', { token: admin.token, body: { file, labels: { 'en-GB': { 'fields.preferredContactTime': 'Best time to call' } }, revision: 0 }, timeoutMs: 30_000 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await timed(url, 'POST', '/api/stage-catalogue/key-contact/publish', { token: admin.token, body: { note: 'Behind the balancer', revision: (saved.body as { revision: number }).revision }, timeoutMs: 30_000 });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const { validator } = published.body as { validator: string };
    const by = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const module = await fetch(`${url}/api${validator}`);
      expect(module.status).toBe(200);
      expect(await module.text()).toMatch(/"stage:key-contact@2-[0-9a-f]{12}"/);
      by.add(module.headers.get('x-served-by') ?? '');
    }
    expect(by.size).toBe(3);
  }, 60_000);

  it("opens a new config's stage page in Chromium through the balancer, with the published version's field and validators", async () => {
    expect(staticDir, 'dist/ is missing: run `npm run build` before the tests').toBe(dist);
    const company = await companyGuid();
    const made = await timed(url, 'POST', `/api/companies/${company}/configs`, { token: admin.token, body: { config: { name: 'Version 2 behind the balancer', design_type: 'custom' }, lang: 'en' } });
    expect(made.status).toBe(201);
    const config = made.body as { id: number; guid: string; version: number; stages: Array<{ slug: string; version: number }> };
    expect(config.stages.find((s) => s.slug === 'key-contact')?.version).toBe(2);
    const dealer = await signInAt(url, 'dealer@demo.test');
    const path = `/api/companies/${company}/configs/${config.guid}`;
    const started = await timed(url, 'PUT', path, { token: dealer.token, body: { slug: 'company-information', data: companyInformation, state: 'draft', version: config.version } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const browser = await workerBrowser();
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('portal.cookieConsent', 'accepted'));
    await context.addCookies([{ name: 'portal_token', value: encodeURIComponent(dealer.token), url, sameSite: 'Strict' }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const modules: Array<{ status: number; by: string }> = [];
    page.on('response', (r) => {
      if (r.url().includes('/stage-validators/')) modules.push({ status: r.status(), by: r.headers()['x-served-by'] ?? '' });
    });
    await page.goto(`/#/configurator/${config.id}/key-contact`);
    const field = page.getByLabel('Best time to call');
    await field.waitFor(SETTLE);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.every((m) => m.status === 200), JSON.stringify(modules)).toBe(true);
    await field.fill('Weekday mornings');
    await page.getByTestId('stage-save').click();
    await eventually(async () => {
      const now = await timed(url, 'GET', path, { token: dealer.token });
      return (now.body as { data: Record<string, Record<string, unknown>> }).data['key-contact']?.preferredContactTime === 'Weekday mornings';
    }, 'the answer stored under version 2', 20_000);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('never answers a dashboard older than a write acknowledged before it was asked, whichever instance answers it', async () => {
    const company = await companyGuid();
    const made = await timed(url, 'POST', `/api/companies/${company}/configs`, { token: admin.token, body: { config: { name: 'Dashboard race', design_type: 'custom' }, lang: 'en' } });
    expect(made.status).toBe(201);
    let version = (made.body as { version: number }).version;
    const guid = (made.body as { guid: string }).guid;
    const dashboard = async () => {
      const seen = await timed(url, 'GET', `/api/dashboard/companies/${company}`, { token: admin.token });
      expect(seen.status).toBe(200);
      return (seen.body as { activity: Array<{ id: number; config: { guid: string } }> }).activity.filter((a) => a.config.guid === guid);
    };
    let stale = 0;
    // The newest revision of the config the dashboards showed after the last write (at most ten rows are listed).
    let newest = 0;
    for (let round = 0; round < 15; round++) {
      // Loads in flight across the commit (on every instance): each may have begun before it, and
      // a later request must neither join one of them nor be answered what one of them kept.
      const inflight = Array.from({ length: 6 }, () => dashboard());
      const data = { companyInformation: { ...companyInformation.companyInformation, name: `Race Motors ${round} Ltd` } };
      const written = await timed(url, 'PUT', `/api/companies/${company}/configs/${guid}`, { token: admin.token, body: { slug: 'company-information', data, state: 'draft', version } });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      version = (written.body as { version: number }).version;
      await Promise.all(inflight);
      // Asked after the acknowledgement, on each of the three in turn: the write's revision is there.
      const tops = [];
      for (let i = 0; i < 3; i++) tops.push(Math.max(0, ...(await dashboard()).map((a) => a.id)));
      stale += tops.filter((top) => top <= newest).length;
      newest = Math.max(...tops);
    }
    expect(stale, 'dashboards answered without a write acknowledged before they were asked').toBe(0);
  }, 120_000);

  it('restarts each instance in turn under a stream of writes: none fails, none acknowledged is lost', async () => {
    const company = await companyGuid();
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const name = `Rolling ${n++}`;
        const answer = await timed(url, 'POST', `/api/companies/${company}/configs`, { token: admin.token, body: { config: { name, design_type: 'custom' }, lang: 'en' }, timeoutMs: 20_000 });
        if (answer.status === 201) acknowledged.push(name);
        else failures.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const writers = [writer(), writer()];
    for (let i = 0; i < 3; i++) {
      const stopping = instances[i];
      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toBe(0);
      await start(i);
      await eventually(async () => (await up()) === 3, `instance ${i} back behind the balancer`, 30_000);
    }
    writing = false;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM configs WHERE name LIKE 'Rolling %'`);
      expect(rows.map((r) => r.name).sort()).toEqual([...acknowledged].sort());
    } finally {
      await client.end();
    }
  }, 240_000);
});
