// Legacy dealer import (issue 30) on a real server and database: the shipped sample file against
// the seeded Demo Motors config (JSON and CSV alike), the dry run writing nothing, the import as
// one revision that history restores from, the same file again changing nothing, all or nothing
// with rejected rows, cancel, old news and offers, bad files, permissions with created roles and
// tenancy.
import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companyUsers, configRevisions, importJobs, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, type TestServer } from '../../support/server';
import { call, login, sleep } from '../helpers';
import { configPath, newConfig, withDemoServer, type ConfigBody, type Demo } from '../configs-helpers';

const sample = (format: 'json' | 'csv') => readFileSync(new URL(`../../../server/migration/samples/legacy-dealer.${format}`, import.meta.url), 'utf8');

interface StageReport { stage: string; new: number; updated: number; unchanged: number; conflict: number; rejected: number; not_migrated: number; kept: number; items: Array<{ ref: string; status: string; reason?: string; name: string }> }
interface Report { total_rows: number; stages: StageReport[]; rejected: number; conflicts: number; changed_stages: string[]; notices: string[]; message?: string }
interface Job { id: string; status: string; processed: number; total: number; result?: { changed: boolean; version: number; report: Report }; error?: { statusCode: number; message: string }; message?: string }

let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

const body = (config: ConfigBody, content: string, name = 'legacy-dealer.json', extra: Record<string, unknown> = {}) => ({ file: { name, content }, config: config.guid, company: config.company.guid, ...extra });
const dryRun = (token: string, b: unknown) => call<Report>(server, 'POST', '/api/migration/dry-run', { token, body: b });
const read = async (config: ConfigBody) => (await call<ConfigBody>(server, 'GET', `/api/configs/${config.id}`, { token: d.tokens.admin })).body;
const revisionsOf = async (config: ConfigBody) => server.database.db.select().from(configRevisions).where(eq(configRevisions.configId, config.id));

async function finished(token: string, id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const r = await call<Job>(server, 'GET', `/api/migration/jobs/${id}`, { token });
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r.body;
    await sleep(25);
  }
  throw new Error('import did not finish');
}
async function importFile(token: string, b: unknown): Promise<Job> {
  const r = await call<Job>(server, 'POST', '/api/migration/imports', { token, body: b });
  expect(r.status, r.text).toBe(202);
  return finished(token, r.body.id);
}

async function userWithRole(email: string, granted: string[], companyId?: number) {
  const db = server.database.db;
  const [role] = await db.insert(roles).values({ name: `Migration ${email}` }).returning({ id: roles.id });
  const found = granted.length ? await db.select().from(permissions).where(inArray(permissions.name, granted)) : [];
  expect(found.length).toBe(granted.length);
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: email, passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (companyId) await db.insert(companyUsers).values({ companyId, userId: user.id });
  return (await login(server, email)).token;
}

const stage = (r: Report, slug: string) => r.stages.find((s) => s.stage === slug)!;

it('dry run of the sample on Demo Motors: what maps where, conflicts, old news not migrated; nothing written', async () => {
  const before = await read(d.motors);
  const revisions = (await revisionsOf(d.motors)).length;
  for (const format of ['json', 'csv'] as const) {
    const r = await dryRun(d.tokens.admin, body(d.motors, sample(format), `legacy-dealer.${format}`));
    expect(r.status, r.text).toBe(200);
    expect(r.body.rejected).toBe(0);
    expect(stage(r.body, 'franchises')).toMatchObject({ new: 1, unchanged: 2 });
    expect(stage(r.body, 'locations')).toMatchObject({ new: 1, unchanged: 2, conflict: 0 });
    // York sells Vauxhall too in the config: the file's York names Ford only, nothing to add.
    expect(stage(r.body, 'departments').new).toBe(1);
    // Sunday's showroom hours differ from the config's: kept, reported.
    const hours = stage(r.body, 'opening-hours');
    expect(hours.conflict).toBe(1);
    expect(hours.items.find((i) => i.status === 'conflict')?.reason).toMatch(/sunday/);
    const posts = stage(r.body, 'migration data');
    expect(posts).toMatchObject({ kept: 2, not_migrated: 2 });
    expect(posts.items.filter((i) => i.status === 'not_migrated').map((i) => i.reason)).toEqual(['News and offers older than 3 months are not migrated.', 'News and offers older than 3 months are not migrated.']);
    expect(r.body.notices[0]).toMatch(/auto-e-migration/);
  }
  const after = await read(d.motors);
  expect(after.version).toBe(before.version);
  expect(after.data).toEqual(before.data);
  expect((await revisionsOf(d.motors)).length).toBe(revisions);
});

it('import: one revision over every stage, the same file again changes nothing, history restores from it', async () => {
  const before = await read(d.motors);
  const revisions = (await revisionsOf(d.motors)).length;
  const job = await importFile(d.tokens.admin, body(d.motors, sample('json')));
  expect(job.status, JSON.stringify(job)).toBe('done');
  expect(job.processed).toBe(job.total);
  expect(job.result!.changed).toBe(true);
  const after = await read(d.motors);
  expect(after.version).toBe(before.version + 1);
  const locations = after.data.locations.locations as Array<{ name: string; franchises: string[] }>;
  expect(locations.map((l) => l.name)).toEqual(['Demo Motors Leeds', 'Demo Motors York', 'Demo Motors Harrogate']);
  const kia = (after.data.franchises.franchises as Array<{ id: string; name: string }>).find((f) => f.name === 'Kia')!;
  expect(locations[2].franchises).toEqual([kia.id]);
  const hours = after.data['opening-hours'].hours as Array<{ name: string; days: Record<string, { open?: string }> }>;
  // Existing hours kept (Sunday still 10:30), Parts and Bodyshop added.
  expect(hours[0].days.sunday.open).toBe('10:30');
  expect(hours.map((h) => h.name)).toEqual(['Showrooms', 'Workshop', 'Parts', 'Bodyshop']);
  expect((after.data.users.users as unknown[]).length).toBe(3);
  expect((after.data.domains.domains as Array<{ domain: string; primary: boolean }>)[0]).toMatchObject({ domain: 'demo-motors.co.uk', primary: true });

  const added = (await revisionsOf(d.motors)).slice(revisions);
  expect(added).toHaveLength(1);
  expect(added[0].action).toBe('import');
  expect(added[0].changedStages).toEqual(expect.arrayContaining(['franchises', 'locations', 'departments', 'opening-hours', 'users', 'domains']));

  // The history lists it; the same file again, as CSV: nothing to change, no revision.
  const history = await call<{ data: Array<{ id: number; action: string; stage: string; source: string | null }> }>(server, 'GET', `${configPath(after)}/history?page=1&perPage=5`, { token: d.tokens.admin });
  // Named after the file ("Imported from legacy-dealer.json"); other revisions name none.
  expect(history.body.data[0]).toMatchObject({ action: 'import', stage: 'franchises', source: 'legacy-dealer.json' });
  expect(history.body.data[1].source).toBeNull();
  for (const format of ['json', 'csv'] as const) {
    const again = await importFile(d.tokens.admin, body(d.motors, sample(format), `legacy-dealer.${format}`));
    expect(again.status).toBe('done');
    expect(again.result!.changed).toBe(false);
  }
  expect((await read(d.motors)).version).toBe(after.version);
  expect((await revisionsOf(d.motors)).length).toBe(revisions + 1);

  // Restore from the import: every stage it wrote goes back to its data before it, in ONE new revision.
  const restored = await call<ConfigBody>(server, 'POST', `${configPath(after)}/history/${history.body.data[0].id}/restore`, { token: d.tokens.admin, body: { version: after.version } });
  expect(restored.status, restored.text).toBe(200);
  expect(restored.body.version).toBe(after.version + 1);
  for (const slug of ['franchises', 'locations', 'departments', 'opening-hours']) {
    expect(restored.body.data[slug], slug).toEqual(before.data[slug]);
  }
  // Stages nobody had filled go back to their empty defaults.
  expect([before.data.users, before.data.domains]).toEqual([undefined, undefined]);
  expect(restored.body.data.users.users).toEqual([]);
  expect(restored.body.data.domains.domains).toEqual([]);
  const restoredRevisions = (await revisionsOf(d.motors)).slice(revisions + 1);
  expect(restoredRevisions).toHaveLength(1);
  expect(restoredRevisions[0]).toMatchObject({ action: 'restore', restoredFrom: history.body.data[0].id, source: 'legacy-dealer.json' });
  // A restore from an old version is refused as stale, nothing written.
  const stale = await call(server, 'POST', `${configPath(after)}/history/${history.body.data[0].id}/restore`, { token: d.tokens.admin, body: { version: after.version } });
  expect(stale.status).toBe(409);
  expect((await read(d.motors)).version).toBe(after.version + 1);
  // Restoring that restore is whole too: the import's data is back, as it was (same ids), and the same file again changes nothing.
  const undo = await call<ConfigBody>(server, 'POST', `${configPath(after)}/history/${restoredRevisions[0].id}/restore`, { token: d.tokens.admin, body: { version: after.version + 1 } });
  expect(undo.status, undo.text).toBe(200);
  for (const slug of ['franchises', 'locations', 'departments', 'opening-hours', 'users', 'domains']) expect(undo.body.data[slug], slug).toEqual(after.data[slug]);
  const reimport = await importFile(d.tokens.admin, body(d.motors, sample('json')));
  expect(reimport.result!.changed).toBe(false);
});

it('an import into an empty config can be undone from history, and the undo undone: the gate of the stages does not refuse it', async () => {
  const empty = await newConfig(server, d.tokens.admin, d.motors.company.guid);
  const before = await read(empty);
  // A config not yet given a project type says so, in words (not "its project type is —").
  const dry = await dryRun(d.tokens.admin, body(empty, sample('json')));
  expect(dry.body.notices).toEqual(['The config has no project type yet; legacy imports are meant for auto-e-migration projects.']);
  const job = await importFile(d.tokens.admin, body(empty, sample('json')));
  expect(job.status, JSON.stringify(job)).toBe('done');
  const imported = await read(empty);
  expect(imported.data['company-information']).not.toEqual(before.data['company-information']);
  // The dashboards' activity says it was imported, and from which file.
  const board = await call<{ activity: Array<{ action: string; source: string | null; config: { guid: string } }> }>(server, 'GET', `/api/dashboard/companies/${d.motors.company.guid}`, { token: d.tokens.admin });
  expect(board.body.activity.find((a) => a.config.guid === empty.guid)).toMatchObject({ action: 'import', source: 'legacy-dealer.json' });
  const [revision] = (await revisionsOf(empty)).filter((r) => r.action === 'import');
  const undone = await call<ConfigBody>(server, 'POST', `${configPath(imported)}/history/${revision.id}/restore`, { token: d.tokens.admin, body: { version: imported.version } });
  // Before: 409 "Company information must be complete before other sections are accessible."
  expect(undone.status, undone.text).toBe(200);
  for (const slug of Object.keys(before.data)) expect(undone.body.data[slug], slug).toEqual(before.data[slug]);
  const [restore] = (await revisionsOf(empty)).filter((r) => r.action === 'restore');
  const redone = await call<ConfigBody>(server, 'POST', `${configPath(imported)}/history/${restore.id}/restore`, { token: d.tokens.admin, body: { version: undone.body.version } });
  expect(redone.status, redone.text).toBe(200);
  for (const slug of Object.keys(imported.data)) expect(redone.body.data[slug], slug).toEqual(imported.data[slug]);
});

it('all or nothing: a file with rejected rows is refused whole unless the rejected rows are skipped', async () => {
  const config = await newConfig(server, d.tokens.admin, d.motors.company.guid);
  const file = JSON.stringify({
    company: { name: 'Fresh Motors Ltd', address_line1: '2 High Street', postcode: 'LS1 4AB', country: 'GB', reg_number: '07654321' },
    franchises: [{ name: 'Skoda' }],
    locations: [
      { name: 'Fresh Leeds', address_line1: '2 High Street', town: 'Leeds', postcode: 'LS1 4AB', franchises: 'Skoda' },
      { name: 'Fresh Wakefield', address_line1: '9 Bad Row', town: 'Wakefield', postcode: 'not a postcode!!', franchises: 'Skoda' },
      { name: 'Fresh Bradford', address_line1: '1 Mill Lane', town: 'Bradford', postcode: 'BD1 1AA', franchises: 'Seat' },
    ],
    departments: [{ name: 'Canteen', location: 'Fresh Leeds' }],
  });
  const dry = await dryRun(d.tokens.admin, body(config, file, 'fresh.json'));
  expect(dry.status, dry.text).toBe(200);
  const rejected = stage(dry.body, 'locations').items.filter((i) => i.status === 'rejected');
  expect(rejected.map((i) => i.name)).toEqual(['Fresh Wakefield', 'Fresh Bradford']);
  expect(rejected[0].reason).toMatch(/postcode/i);
  expect(rejected[1].reason).toBe('The franchise "Seat" is neither in the file nor in the config.');
  expect(stage(dry.body, 'departments').items[0]).toMatchObject({ status: 'rejected' });
  expect(dry.body.rejected).toBe(3);

  const refused = await importFile(d.tokens.admin, body(config, file, 'fresh.json'));
  expect(refused.status).toBe('failed');
  expect(refused.error).toEqual({ statusCode: 409, message: '3 rows are rejected: correct the file, or import without the rejected rows.' });
  const untouched = await read(config);
  expect(untouched.version).toBe(config.version);
  expect(untouched.data.locations).toBeUndefined();

  const skipped = await importFile(d.tokens.admin, body(config, file, 'fresh.json', { skip_rejected: true }));
  expect(skipped.status).toBe('done');
  const after = await read(config);
  expect((after.data.locations.locations as Array<{ name: string }>).map((l) => l.name)).toEqual(['Fresh Leeds']);
  expect((await revisionsOf(config)).filter((r) => r.action === 'import')).toHaveLength(1);
});

it('cancel before the write leaves nothing', async () => {
  const config = await newConfig(server, d.tokens.admin, d.motors.company.guid);
  const rows = ['record,name,address_line1,town,postcode,country,reg_number,franchises', 'company,Cancel Motors Ltd,1 Road,Leeds,LS1 1AA,GB,01111111,', 'franchise,Ford,,,,,,'];
  for (let i = 0; i < 3000; i++) rows.push(`location,Site ${i},${i} Long Road,Leeds,LS1 1AA,GB,,Ford`);
  const started = await call<Job>(server, 'POST', '/api/migration/imports', { token: d.tokens.admin, body: body(config, rows.join('\n'), 'big.csv') });
  expect(started.status).toBe(202);
  const cancel = await call<Job>(server, 'POST', `/api/migration/jobs/${started.body.id}/cancel`, { token: d.tokens.admin });
  expect(cancel.status).toBe(200);
  const job = await finished(d.tokens.admin, started.body.id);
  expect(job.status).toBe('cancelled');
  const after = await read(config);
  expect(after.version).toBe(config.version);
  expect(await revisionsOf(config)).toHaveLength(0);
});

it('a job whose instance stopped answering shows failed on the next poll, on any instance, with nothing imported', async () => {
  const config = await newConfig(server, d.tokens.admin, d.motors.company.guid);
  const [admin] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  // As the instance running it left it when it died: running, 4 of 10 rows, last heard of an hour ago.
  const [gone] = await server.database.db
    .insert(importJobs)
    .values({ userId: admin.id, configId: config.id, file: 'gone.csv', total: 10, processed: 4, heartbeatAt: new Date(Date.now() - 3_600_000) })
    .returning();
  const polled = await call<Job>(server, 'GET', `/api/migration/jobs/${gone.id}`, { token: d.tokens.admin });
  expect(polled.status).toBe(200);
  expect(polled.body).toMatchObject({ status: 'failed', processed: 4, total: 10, error: { statusCode: 503, message: 'The import stopped before it finished (its server went away). Nothing was imported: start it again.' } });
  // A cancel now changes nothing; the config is as it was.
  expect((await call<Job>(server, 'POST', `/api/migration/jobs/${gone.id}/cancel`, { token: d.tokens.admin })).body.status).toBe('failed');
  expect((await read(config)).version).toBe(config.version);

  // One heard of just now is still running.
  const [alive] = await server.database.db.insert(importJobs).values({ userId: admin.id, configId: config.id, file: 'alive.csv', total: 10 }).returning();
  expect((await call<Job>(server, 'GET', `/api/migration/jobs/${alive.id}`, { token: d.tokens.admin })).body.status).toBe('running');
  await server.database.db.delete(importJobs).where(eq(importJobs.id, alive.id));
});

it('bad files: 400 with a message that says what is expected, whatever the file is called', async () => {
  const cases: Array<[string, string, RegExp]> = [
    ['empty.json', '   ', /empty/],
    ['dealer.json', '{"hello": 1}', /none of the lists/],
    ['dealer.csv', 'name,town\nLeeds,Leeds', /record column/],
    ['dealer.csv', '{"franchises": [{"name": "Kia"}]}', /./],
    ['rows.csv', 'record,name\nspaceship,Apollo', /"spaceship" is not a record type/],
  ];
  for (const [name, content, message] of cases) {
    const r = await dryRun(d.tokens.admin, body(d.motors, content, name));
    if (content.startsWith('{"franchises"')) {
      // Named .csv, holds JSON: read as the JSON it is.
      expect(r.status).toBe(200);
      continue;
    }
    expect(r.status, name).toBe(400);
    expect(r.body.message).toMatch(message);
  }
  const big = await dryRun(d.tokens.admin, body(d.motors, 'x'.repeat(9 * 1024 * 1024)));
  expect([400, 413]).toContain(big.status);
  const noFile = await call(server, 'POST', '/api/migration/dry-run', { token: d.tokens.admin, body: { config: d.motors.guid } });
  expect(noFile.status).toBe(400);
});

it('permissions and tenancy: manage configs only, the config must be one the viewer sees', async () => {
  const manager = await userWithRole('manager@migration.test', ['manage configs'], d.harbour.company.id);
  const without = await userWithRole('nomanage@migration.test', ['edit configs', 'view companies'], d.motors.company.id);
  const b = body(d.motors, sample('json'));
  expect((await call(server, 'POST', '/api/migration/dry-run', { body: b })).status).toBe(401);
  for (const token of [d.tokens.dealer, without]) {
    expect((await dryRun(token, b)).status).toBe(403);
    expect((await call(server, 'POST', '/api/migration/imports', { token, body: b })).status).toBe(403);
    expect((await call(server, 'GET', '/api/migration/sample', { token })).status).toBe(403);
  }
  // 'manage configs' sees every company (server/db/tenancy.ts): a config under another company, or none, is not found.
  const elsewhere = { ...body(d.harbour, sample('json')), company: d.motors.company.guid };
  expect((await dryRun(manager, elsewhere)).status).toBe(404);
  expect((await call(server, 'POST', '/api/migration/imports', { token: manager, body: elsewhere })).status).toBe(404);
  expect((await dryRun(manager, { ...b, config: '999999' })).status).toBe(404);
  expect((await dryRun(manager, body(d.harbour, sample('json')))).status).toBe(200);
  // A job is its starter's only.
  const started = await call<Job>(server, 'POST', '/api/migration/imports', { token: manager, body: body(d.harbour, sample('json')) });
  expect(started.status).toBe(202);
  expect((await call(server, 'GET', `/api/migration/jobs/${started.body.id}`, { token: d.tokens.admin })).status).toBe(404);
  expect((await call(server, 'POST', `/api/migration/jobs/${started.body.id}/cancel`, { token: d.tokens.admin })).status).toBe(404);
  await finished(manager, started.body.id);
  const s = await call(server, 'GET', '/api/migration/sample?format=csv', { token: manager });
  expect(s.status).toBe(200);
  expect(s.text.split('\n')[0]).toMatch(/^record,/);
});
