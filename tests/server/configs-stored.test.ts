import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Patch } from 'immer';
import { startTestServer, type TestServer } from '../support/server';
import { filledConfig } from '../../bench/config-document';
import { STRUCTURE_STAGES } from '../../bench/config-writes';
import { stagePatches } from '../../server/services/configs-write';
import { demo, newConfig, writeStage, type ConfigBody, type Demo } from './configs-helpers';

// What a stage write stores is exactly what it answers: a small edit of a big stage is sent to the
// database as patches applied there (portal_jsonb_patch), other writes as whole stages, and the
// rows read back must equal the engine's result either way (another instance, or this one after
// its memory is gone, reads them).

let server: TestServer;
let d: Demo;
beforeAll(async () => {
  server = await startTestServer();
  d = await demo(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

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
});
