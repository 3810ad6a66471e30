// A stage version whose `visibleIf` reads the company's region (`$company.region`, engine/README.md
// "Fields shown only when ..."), published through the stage catalogue API: the server judges each
// config's stage writes for its own company, so a field shown (and required) for UK companies only
// is required of a UK company's dealer and neither required nor judged for a French company's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Published } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import type { TestServer } from '../../support/server';
import { call } from '../helpers';
import { companyInformation, configPath, newConfig, withDemoServer, writeStages, type ConfigBody, type Demo } from '../configs-helpers';

let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

type StageFile = { slug: string; schema: { properties: Record<string, unknown>; required?: string[]; visibleIf?: unknown }; defaults: Record<string, unknown> };
type ErrorBody = { message: string; errors: Array<{ field: string; detail: string }> };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Key contact with a required "FCA contact" that only UK companies are shown (so asked for). */
function keyContactUkOnly(): StageFile {
  const file = clone(stageFiles['key-contact']) as StageFile;
  file.schema.properties.fcaContact = { type: 'string', title: 'configurator:fields.fcaContact', minLength: 2 };
  file.schema.required = [...(file.schema.required ?? []), 'fcaContact'];
  file.schema.visibleIf = { fcaContact: { '==': [{ var: '$company.region' }, 'uk'] } };
  return file;
}

async function publish(file: StageFile): Promise<Published> {
  const as = { token: d.tokens.admin };
  const stage = await call<{ draft: { revision: number } | null }>(server, 'GET', '/api/stage-catalogue/key-contact', as);
  const saved = await call<{ revision: number; problems: unknown[] }>(server, 'PUT', '/api/stage-catalogue/key-contact/draft', {
    ...as,
    body: { file, labels: { 'en-GB': { 'fields.fcaContact': 'FCA contact' }, 'fr-FR': { 'fields.fcaContact': 'Contact FCA' } }, revision: stage.body.draft?.revision ?? 0 },
  });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.problems).toEqual([]);
  const r = await call<Published>(server, 'POST', '/api/stage-catalogue/key-contact/publish', { ...as, body: { note: 'FCA contact for UK companies', revision: saved.body.revision } });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

/** A demo company of the region (by its term id: server/db/seed-data.ts, uk 7, fr 10). */
async function companyIn(term: number): Promise<{ guid: string }> {
  const r = await call<Array<{ guid: string }>>(server, 'GET', `/api/companies?filter=${encodeURIComponent(JSON.stringify({ region: [term] }))}`, { token: d.tokens.admin });
  expect(r.body.length, `a company in region ${term}`).toBeGreaterThan(0);
  return r.body[0];
}

const contact = { name: 'Jo Bloggs', email: 'jo@example.test', telephone: '01234 567890', mobile: '', position: 'Dealer principal' };
const put = (c: ConfigBody, data: Record<string, unknown>, state: 'draft' | 'submitted') =>
  call<ConfigBody & ErrorBody>(server, 'PUT', configPath(c), { token: d.tokens.admin, body: { slug: 'key-contact', state, version: c.version, data } });
const keyContactOf = (c: ConfigBody) => c.stages.find((s) => s.slug === 'key-contact') as ConfigBody['stages'][number] & { version: number; complete: boolean };

describe("a visibleIf on the company's region", () => {
  let uk: ConfigBody;
  let fr: ConfigBody;

  beforeAll(async () => {
    expect((await publish(keyContactUkOnly())).version).toBe(2);
    const start = async (term: number) =>
      writeStages(server, d.tokens.admin, await newConfig(server, d.tokens.admin, (await companyIn(term)).guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    uk = await start(7);
    fr = await start(10);
  }, 60_000);

  it('requires the field of a UK company: a submit without it is refused, with it stored', async () => {
    expect(keyContactOf(uk).version).toBe(2);
    const refused = await put(uk, { keyContact: contact, fcaContact: '' }, 'submitted');
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.map((e) => e.field)).toEqual(['/fcaContact']);
    // Judged while shown: its format too.
    const short = await put(uk, { keyContact: contact, fcaContact: 'x' }, 'draft');
    expect(short.status, short.text).toBe(422);
    const ok = await put(uk, { keyContact: contact, fcaContact: 'Sam Jones' }, 'submitted');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data['key-contact']).toMatchObject({ fcaContact: 'Sam Jones' });
  });

  it('neither requires nor judges it for a French company, and counts the stage complete', async () => {
    expect(keyContactOf(fr).version).toBe(2);
    const missing = await put(fr, { keyContact: contact }, 'submitted');
    expect(missing.status, missing.text).toBe(200);
    expect(keyContactOf(missing.body).complete).toBe(true);
    // A hidden field is not judged (its format neither), but kept as sent, as any hidden field.
    const hidden = await put(missing.body, { keyContact: contact, fcaContact: 'x' }, 'submitted');
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.data['key-contact']).toMatchObject({ fcaContact: 'x' });
    expect(keyContactOf(hidden.body).complete).toBe(true);
  });
});
