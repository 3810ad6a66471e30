import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Patch } from 'immer';
import type { TestServer } from '../../support/server';
import { filledConfig } from '../../../bench/config-document';
import { STRUCTURE_STAGES } from '../../../bench/config-writes';
import { stagePatches } from '../../../server/configs/configs.write';
import { call } from '../helpers';
import { configPath, newConfig, withDemoServer, writeStage, type ConfigBody, type Demo, type ErrorBody } from '../configs-helpers';

// What a stage write stores is exactly what it answers: a small edit of a big stage is sent to the
// database as patches applied there (portal_jsonb_patch), other writes as whole stages, and the
// rows read back must equal the engine's result either way (another instance, or this one after
// its memory is gone, reads them).

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

type Doc = Record<string, Record<string, unknown>>;

/** The stage data rows of a config, as stored. */
async function stored(id: number): Promise<Doc> {
  const result = await server.database.db.execute(sql`SELECT meta_key, meta_value FROM config_meta WHERE config_id = ${id} AND meta_key LIKE 'stage_data_%'`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<{ meta_key: string; meta_value: unknown }>;
  return Object.fromEntries(rows.map((r) => [r.meta_key.slice('stage_data_'.length), typeof r.meta_value === 'string' ? JSON.parse(r.meta_value) : r.meta_value]));
}

describe('stored stage data', () => {
  it('equals the answer after every kind of write: one field, items added and removed, and a cascade across stages', async () => {
    const doc = filledConfig() as Doc;
    let c: ConfigBody = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const put = async (slug: string, data: unknown) => {
      const r = await writeStage(server, d.tokens.dealer, c, { slug, data, state: 'draft', version: c.version });
      expect(r.status, r.text).toBe(200);
      c = r.body;
      // The answer carries every stage, from the server's memory; the rows are read back anew.
      expect(await stored(c.id)).toEqual(c.data);
    };
    for (const slug of STRUCTURE_STAGES) await put(slug, doc[slug]);

    type Hours = { hours: Array<{ id: string; days: Record<string, Record<string, unknown>> }> };
    const hours = () => structuredClone(c.data['opening-hours']) as unknown as Hours;
    // One opening time (the autosave's common case).
    let h = hours();
    h.hours[3].days.monday = { ...h.hours[3].days.monday, open: '07:45' };
    await put('opening-hours', h);
    // Fields removed from one day and added to another.
    h = hours();
    const { open2: _open2, close2: _close2, ...single } = h.hours[5].days.saturday;
    h.hours[5].days.saturday = { ...single, dual: false };
    h.hours[5].days.tuesday = { ...h.hours[5].days.tuesday, dual: true, close: '12:30', open2: '13:30', close2: '17:30' };
    await put('opening-hours', h);
    // An entry removed from the middle, then the last one too.
    h = hours();
    h.hours.splice(10, 1);
    await put('opening-hours', h);
    h = hours();
    h.hours.pop();
    await put('opening-hours', h);
    // A franchise removed: the rules take it out of the locations and every stage naming it.
    const f = structuredClone(c.data.franchises) as { franchises: Array<{ id: string }> };
    f.franchises.splice(1, 1);
    const before = c.version;
    await put('franchises', f);
    expect(c.changedStages!.length).toBeGreaterThan(1);
    expect(c.version).toBe(before + 1);
  });

  it('sends a small edit of a stage as patches relative to the stage, and anything else whole', () => {
    const edit: Patch[] = [{ op: 'replace', path: ['opening-hours', 'hours', 3, 'days', 'monday', 'open'], value: '07:45' }];
    expect(stagePatches(edit, 'opening-hours', {}, {})).toEqual([{ op: 'replace', path: ['hours', 3, 'days', 'monday', 'open'], value: '07:45' }]);
    expect(stagePatches([{ op: 'remove', path: ['franchises', 'franchises', 2] }], 'franchises', {}, {})).toEqual([{ op: 'remove', path: ['franchises', 2] }]);
    // Other stages' patches are not this stage's.
    expect(stagePatches(edit, 'franchises', {}, {})).toBeNull();
    // A stage written for the first time, or replaced whole, or a value JSON cannot carry.
    expect(stagePatches(edit, 'opening-hours', undefined, {})).toBeNull();
    expect(stagePatches([{ op: 'replace', path: ['opening-hours'], value: {} }], 'opening-hours', {}, {})).toBeNull();
    expect(stagePatches([{ op: 'replace', path: ['opening-hours', 'x'], value: undefined }], 'opening-hours', {}, {})).toBeNull();
    // Many patches, or much text: the stage whole (each patch rewrites the stored value once).
    const many: Patch[] = Array.from({ length: 17 }, (_, i) => ({ op: 'replace', path: ['opening-hours', 'hours', i, 'note'], value: 'x' }));
    expect(stagePatches(many, 'opening-hours', {}, {})).toBeNull();
    expect(stagePatches([{ op: 'replace', path: ['opening-hours', 'note'], value: 'x'.repeat(20_000) }], 'opening-hours', {}, {})).toBeNull();
  });

  it('takes the edit alone as JSON patches against the version it was made on, and refuses patches that do not fit, writing nothing', async () => {
    const doc = filledConfig() as Doc;
    let c: ConfigBody = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    for (const slug of STRUCTURE_STAGES) {
      const r = await writeStage(server, d.tokens.dealer, c, { slug, data: doc[slug], state: 'draft', version: c.version });
      expect(r.status, r.text).toBe(200);
      c = r.body;
    }
    const put = (body: Record<string, unknown>, token = d.tokens.dealer, query = '') =>
      call<ConfigBody & ErrorBody & { stored_as_sent?: boolean }>(server, 'PUT', `${configPath(c)}${query}`, { token, body: { slug: 'opening-hours', state: 'draft', ...body } });
    const edit = [{ op: 'replace', path: '/hours/4/days/friday/close', value: '18:30' }];

    // As the app autosaves: the answer leaves the stage out, it was stored as the patches made it.
    const ok = await put({ version: c.version, patches: edit }, d.tokens.dealer, '?data=changed&echo=false');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ version: c.version + 1, stored_as_sent: true, changedStages: ['opening-hours'], message: 'Configurator Updated' });
    expect(ok.body.data).toEqual({});
    const after = (await call<ConfigBody>(server, 'GET', `/api/configs/${c.id}`, { token: d.tokens.dealer })).body;
    const hours = after.data['opening-hours'] as { hours: Array<{ days: Record<string, { close: string }> }> };
    expect(hours.hours[4].days.friday.close).toBe('18:30');
    expect((await stored(c.id))['opening-hours']).toEqual(hours);
    c = after;

    // Patches from an older version: 409 with the current one (they mean nothing against other data).
    const stale = await put({ version: c.version - 1, patches: [{ op: 'replace', path: '/hours/4/days/friday/close', value: '19:00' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.version).toBe(c.version);
    // Data and patches at once; patches naming what is not there; a key reaching the prototype.
    const both = await put({ version: c.version, patches: edit, data: doc['opening-hours'] });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe("Send the stage's data or its changes (patches), not both.");
    const missing = await put({ version: c.version, patches: [edit[0], { op: 'remove', path: '/hours/900' }] });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The changes could not be applied to the saved data (patch 2: remove /hours/900: no item 900). Reload the configuration and make your change again.');
    expect(missing.body.errors).toEqual([{ detail: missing.body.message, field: '/patches/1' }]);
    const hostile = await put({ version: c.version, patches: [{ op: 'add', path: '/__proto__/polluted', value: true }] });
    expect(hostile.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const unknownOp = await put({ version: c.version, patches: [{ op: 'move', path: '/hours/0', from: '/hours/1' }] });
    expect(unknownOp.status).toBe(400);
    // What the patches make is validated as data is: a closing time that is no time.
    const invalid = await put({ version: c.version, patches: [{ op: 'replace', path: '/hours/4/days/friday/close', value: '25:99' }] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.some((e) => e.field === '/hours/4/days/friday/close')).toBe(true);
    // Another company's dealer finds no such config.
    expect((await put({ version: c.version, patches: edit }, d.tokens.dealer2)).status).toBe(404);
    // None of the refusals wrote anything.
    const now = (await call<ConfigBody>(server, 'GET', `/api/configs/${c.id}`, { token: d.tokens.dealer })).body;
    expect(now.version).toBe(c.version);
    expect(now.data['opening-hours']).toEqual(c.data['opening-hours']);
  });
});
