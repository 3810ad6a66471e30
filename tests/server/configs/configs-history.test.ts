import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../support/server';
import {
  companyInformation, configPath, franchises, location, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo, type ErrorBody,
} from '../configs-helpers';
import { call } from '../helpers';

interface Change { stage: string; internal?: boolean; field: string; op: string; old?: unknown; new?: unknown; large?: string[] }
interface Revision {
  id: number;
  version: number;
  user: { id: number; name: string } | null;
  stage: string;
  action: string;
  old_state: string;
  new_state: string;
  changed_stages: string[];
  restored_from: number | null;
  changes: Change[];
}
type History = { data: Revision[]; total: number; page: number; perPage: number };

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const history = (c: ConfigBody, token: string, query = '') => call<History>(server, 'GET', `${configPath(c)}/history${query}`, { token });

/** A config with company information, three franchises and two locations that reference them. */
async function structured(): Promise<ConfigBody> {
  return writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
    { slug: 'company-information', data: companyInformation, state: 'draft' },
    { slug: 'franchises', data: franchises('BMW', 'Ford', 'Kia'), state: 'draft' },
    { slug: 'locations', data: { locations: [location('l1', 'Leeds', ['fBMW', 'fFord']), location('l2', 'York', ['fFord', 'fKia'])] }, state: 'draft' },
  ]);
}

describe('GET .../history', () => {
  it('lists the seeded revisions newest first with user, stage, states, and each change with old and new value', async () => {
    const r = await history(d.motors, d.tokens.dealer);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(11);
    expect(r.body.data.map((x) => x.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(r.body.data[0]).toMatchObject({ user: { name: 'Pat Project' }, stage: 'key-contact', action: 'save', old_state: 'submitted', new_state: 'completed' });
    // Dropping MINI from the franchises cascaded into the Leeds location.
    const drop = r.body.data.find((x) => x.stage === 'franchises' && x.new_state === 'submitted')!;
    expect(drop.user!.name).toBe('Dana Dealer');
    expect(drop.changed_stages).toEqual(['franchises', 'locations']);
    expect(drop.changes).toContainEqual({ stage: 'locations', internal: false, field: '/locations/0/franchises', op: 'replace', old: ['fbmw1', 'fmini'], new: ['fbmw1'] });
  });

  it('pages in SQL: page and perPage', async () => {
    const first = await history(d.motors, d.tokens.pm, '?page=1&perPage=4');
    const third = await history(d.motors, d.tokens.pm, '?page=3&perPage=4');
    expect(first.body).toMatchObject({ total: 11, page: 1, perPage: 4 });
    expect(first.body.data.map((x) => x.version)).toEqual([12, 11, 10, 9]);
    expect(third.body.data.map((x) => x.version)).toEqual([4, 3, 2]);
    expect((await history(d.motors, d.tokens.pm, '?perPage=1000')).status).toBe(400);
    expect((await history(d.motors, d.tokens.pm, '?page=x')).status).toBe(400);
  });

  it('shows a new write with its cascade into another stage', async () => {
    const c = await structured();
    const w = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('BMW', 'Kia'), state: 'draft', version: c.version });
    expect(w.body.changedStages).toEqual(['franchises', 'locations']);
    const [top] = (await history(c, d.tokens.dealer)).body.data;
    expect(top).toMatchObject({ version: w.body.version, stage: 'franchises', changed_stages: ['franchises', 'locations'], user: { name: 'Dana Dealer' } });
    const locationChanges = top.changes.filter((x) => x.stage === 'locations');
    expect(locationChanges.map((x) => [x.field, x.old, x.new])).toEqual(
      expect.arrayContaining([
        ['/locations/0/franchises', ['fBMW', 'fFord'], ['fBMW']],
        ['/locations/1/franchises', ['fFord', 'fKia'], ['fKia']],
      ]),
    );
  });

  it('?stage= lists only the revisions that wrote or cascaded into that stage; an unknown stage is 404', async () => {
    const c = await structured();
    const w = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('BMW', 'Kia'), state: 'draft', version: c.version });
    const locations = await history(c, d.tokens.dealer, '?stage=locations');
    expect(locations.status).toBe(200);
    // The locations' own write, and the franchise removal that cascaded into them; not the others.
    expect(locations.body.data.map((x) => [x.version, x.stage])).toEqual([[w.body.version, 'franchises'], [c.version, 'locations']]);
    expect(locations.body.total).toBe(2);
    const all = await history(c, d.tokens.dealer);
    expect(all.body.total).toBeGreaterThan(2);
    expect((await history(c, d.tokens.dealer, '?stage=no-such-stage')).status).toBe(404);
  });

  it('lists 1,000 revisions by pages, quickly', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    await server.database.db.execute(sql`
      INSERT INTO config_revisions (config_id, version, stage, action, old_state, new_state, patches, inverse_patches, changed_stages)
      SELECT ${c.id}, n + 1, 'franchises', 'save', 'draft', 'draft',
        jsonb_build_array(jsonb_build_object('op', 'replace', 'path', jsonb_build_array('franchises', 'franchises', 0, 'name'), 'value', 'Make ' || n)),
        jsonb_build_array(jsonb_build_object('op', 'replace', 'path', jsonb_build_array('franchises', 'franchises', 0, 'name'), 'value', 'Make ' || (n - 1))),
        ARRAY['franchises']
      FROM generate_series(1, 1000) AS n`);
    await history(c, d.tokens.pm); // warm
    const started = performance.now();
    const r = await history(c, d.tokens.pm, '?page=20&perPage=50');
    const ms = performance.now() - started;
    expect(r.body.total).toBe(1000);
    expect(r.body.data).toHaveLength(50);
    expect(r.body.data[0].changes[0]).toMatchObject({ field: '/franchises/0/name', old: 'Make 49', new: 'Make 50' });
    // The budget is 50 ms; this machine runs other suites beside it, so only gross regressions fail here.
    expect(ms).toBeLessThan(1000);
  });
});

describe('GET .../history/{revisionId}, and big values on a page', () => {
  // 30 locations: the first save's change is the whole list, far over the page's 2 KB a value.
  const many = { locations: Array.from({ length: 30 }, (_, i) => location(`l${i}`, `Town ${i}`, ['fBMW'])) };
  const revision = (c: ConfigBody, token: string, id: number | string) => call<Revision>(server, 'GET', `${configPath(c)}/history/${id}`, { token });

  it('a page leaves a big value out and names it; the revision itself has every value', async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW'), state: 'draft' },
      { slug: 'locations', data: many, state: 'draft' },
    ]);
    const edited = await writeStage(server, d.tokens.dealer, c, { slug: 'locations', data: { locations: many.locations.map((l, i) => (i === 3 ? { ...l, name: 'Harrogate' } : l)) }, state: 'draft', version: c.version });
    const page = await history(c, d.tokens.dealer);
    const [edit, first] = page.body.data;
    // The small edit is listed whole; the first save's new value (the 30 locations) is left out.
    expect(edit.changes).toEqual([{ stage: 'locations', internal: false, field: '/locations/3/name', op: 'replace', old: 'Town 3', new: 'Harrogate' }]);
    expect(first.version).toBe(edited.body.version - 1);
    const big = first.changes.find((x) => x.stage === 'locations')!;
    expect(big.large).toEqual(['new']);
    expect(big).not.toHaveProperty('new');
    expect(JSON.stringify(page.body).length).toBeLessThan(10_000);

    const full = await revision(c, d.tokens.dealer, first.id);
    expect(full.status).toBe(200);
    const { changes, ...rest } = full.body;
    const { changes: listed, ...listedRest } = first;
    expect(rest).toEqual(listedRest);
    expect(changes.some((x) => x.large)).toBe(false);
    const whole = changes.filter((x) => x.stage === 'locations');
    // Applied in order, the revision's changes give the stage as it was saved.
    expect(whole.at(-1)!.new).toEqual(many);
    expect(changes.map((x) => x.field)).toEqual(listed.map((x) => x.field));
  });

  it('is 404 for a revision of another config, an unknown one, and 400 for a bad id', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const seeded = (await history(d.motors, d.tokens.pm)).body.data[0];
    expect((await revision(d.motors, d.tokens.dealer, seeded.id)).status).toBe(200);
    expect((await revision(c, d.tokens.pm, seeded.id)).status).toBe(404);
    expect((await revision(c, d.tokens.pm, 2_000_000_000)).status).toBe(404);
    expect((await revision(c, d.tokens.pm, 'abc')).status).toBe(400);
  });

  it("shows internal notes only to staff with 'manage configs'", async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const w = await writeStage(server, d.tokens.pm, c, { slug: 'company-information', data: companyInformation, state: 'draft', version: c.version, internal_data: { note: 'Call back on Monday' } });
    expect(w.status).toBe(200);
    const [top] = (await history(c, d.tokens.pm)).body.data;
    const notes = (token: string) => revision(c, token, top.id).then((r) => r.body.changes.filter((x) => x.internal));
    expect(await notes(d.tokens.pm)).toEqual([expect.objectContaining({ stage: 'company-information', new: { note: 'Call back on Monday' } })]);
    expect(await notes(d.tokens.dealer)).toEqual([]);
    expect((await history(c, d.tokens.dealer)).body.data[0].changes.some((x) => x.internal)).toBe(false);
  });
});

describe('POST .../history/{revisionId}/restore', () => {
  it('writes the stage back to its data before the revision as a new revision, cascades and all', async () => {
    const c = await structured();
    const w = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('BMW', 'Kia'), state: 'draft', version: c.version });
    // A later, unrelated edit to the same stage must survive only as far as "before that revision" says.
    const renamed = await writeStage(server, d.tokens.dealer, w.body, { slug: 'franchises', data: { franchises: [{ id: 'fBMW', name: 'BMW UK' }, { id: 'fKia', name: 'Kia' }] }, state: 'draft', version: w.body.version });
    const [, drop] = (await history(c, d.tokens.dealer)).body.data;
    expect(drop.version).toBe(w.body.version);

    const r = await call<ConfigBody>(server, 'POST', `${configPath(c)}/history/${drop.id}/restore`, { token: d.tokens.dealer, body: { version: renamed.body.version } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Configurator Updated', changed: true, version: renamed.body.version + 1 });
    expect(r.body.data.franchises).toEqual(franchises('BMW', 'Ford', 'Kia'));
    // Only the revision's stage comes back: references the cascade stripped from locations stay stripped.
    expect((r.body.data.locations.locations as Array<{ franchises: string[] }>).map((l) => l.franchises)).toEqual([['fBMW'], ['fKia']]);
    const [top] = (await history(c, d.tokens.dealer)).body.data;
    expect(top).toMatchObject({ action: 'restore', restored_from: drop.id, stage: 'franchises', user: { name: 'Dana Dealer' } });
    expect(JSON.stringify(top.changes.filter((x) => x.stage === 'franchises').map((x) => x.old))).toContain('BMW UK');
  });

  it('restores a first write to the stage defaults, and is 409 on a stale version', async () => {
    const c = await structured();
    const all = (await history(c, d.tokens.dealer)).body.data;
    const firstLocations = all.find((x) => x.stage === 'locations')!;
    const stale = await call<ErrorBody>(server, 'POST', `${configPath(c)}/history/${firstLocations.id}/restore`, { token: d.tokens.dealer, body: { version: c.version - 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.version).toBe(c.version);
    const r = await call<ConfigBody>(server, 'POST', `${configPath(c)}/history/${firstLocations.id}/restore`, { token: d.tokens.dealer, body: { version: c.version } });
    expect(r.status).toBe(200);
    expect(r.body.data.locations).toEqual({ locations: [] });
  });

  it("goes through writeStage's rules: a dealer cannot restore a submitted stage; another config's revision is 404", async () => {
    const c = await structured();
    const submitted = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('BMW', 'Ford', 'Kia'), state: 'submitted', version: c.version });
    const franchiseRevision = (await history(c, d.tokens.dealer)).body.data.find((x) => x.stage === 'franchises' && x.new_state === 'draft')!;
    const locked = await call<ErrorBody>(server, 'POST', `${configPath(c)}/history/${franchiseRevision.id}/restore`, { token: d.tokens.dealer, body: { version: submitted.body.version } });
    expect(locked.status).toBe(403);
    const seeded = (await history(d.motors, d.tokens.pm)).body.data[0];
    const foreign = await call(server, 'POST', `${configPath(c)}/history/${seeded.id}/restore`, { token: d.tokens.pm, body: { version: submitted.body.version } });
    expect(foreign.status).toBe(404);
    expect((await call(server, 'POST', `${configPath(c)}/history/abc/restore`, { token: d.tokens.pm, body: { version: 1 } })).status).toBe(400);
    expect((await call(server, 'POST', `${configPath(c)}/history/${franchiseRevision.id}/restore`, { token: d.tokens.pm, body: {} })).status).toBe(400);
  });
});
