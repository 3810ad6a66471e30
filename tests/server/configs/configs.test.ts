import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../server/db/schema';
import { storeWrite } from '../../../server/configs/configs.store';
import { Stale } from '../../../server/domain-errors';
import { statusOf } from '../../../server/http/errors';
import type { TestServer } from '../../support/server';
import {
  companyInformation, configPath, franchises, location, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo, type ErrorBody,
} from '../configs-helpers';
import { call } from '../helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const REQUIRED = 'A name, company id and design_type is required.';

describe('POST /companies/{guid}/configs', () => {
  it('creates a config with every stage in draft, version 1, and says so', async () => {
    const r = await call<ConfigBody>(server, 'POST', `/api/companies/${d.motors.company.guid}/configs`, {
      token: d.tokens.pm,
      body: { config: { name: 'Second site', design_type: 'template', project_type: 'stock', project_manager_id: d.motors.mail.project_manager!.id }, lang: 'en' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ message: 'Configurator Created', name: 'Second site', design_type: 'template', project_type: 'stock', version: 1, progress: 0, status: 'active' });
    expect(r.body.mail.project_manager).toMatchObject({ name: 'Pat Project', email: 'pm@demo.test', position: 'Project Manager' });
    expect(r.body.stages.map((s) => s.slug)).toContain('company-information');
    expect(r.body.stages.every((s) => s.state === 'draft')).toBe(true);
    // Nothing opens before company information is complete.
    expect(r.body.stages.find((s) => s.slug === 'locations')).toMatchObject({ open: false, complete: false });
    expect(r.body.data).toEqual({});
  });

  it("answers the spec's 422 when name or design_type is missing, naming each field", async () => {
    const path = `/api/companies/${d.motors.company.guid}/configs`;
    for (const [body, fields] of [
      [{ config: { design_type: 'custom' } }, ['config.name']],
      [{ config: { name: '  ', design_type: '' } }, ['config.name', 'config.design_type']],
      [{ config: { name: 'No type', design_type: null } }, ['config.design_type']],
      [{ lang: 'en' }, ['config.name', 'config.design_type']],
      [undefined, ['config.name', 'config.design_type']],
    ] as const) {
      const r = await call<ErrorBody>(server, 'POST', path, { token: d.tokens.pm, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.message).toBe(REQUIRED);
      expect(r.body.errors!.map((e) => e.field)).toEqual(fields);
    }
  });

  it('refuses wrong types and unknown design types (400), unknown managers (422), unknown companies (404)', async () => {
    const path = `/api/companies/${d.motors.company.guid}/configs`;
    for (const config of [{ name: { a: 1 }, design_type: 'custom' }, { name: 'x', design_type: 'fancy' }, { name: 'x', design_type: 'custom', project_type: 'boat' }, { name: 'x', design_type: 'custom', project_manager_id: 'pat' }]) {
      expect((await call(server, 'POST', path, { token: d.tokens.pm, body: { config } })).status, JSON.stringify(config)).toBe(400);
    }
    const unknownUser = await call<ErrorBody>(server, 'POST', path, { token: d.tokens.pm, body: { config: { name: 'x', design_type: 'custom', account_manager_id: 99999 } } });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors).toEqual([{ detail: 'Please choose an existing user.', field: 'config.account_manager_id' }]);
    for (const company of ['00000000-0000-0000-0000-000000000000', '99999', 'nope']) {
      expect((await call(server, 'POST', `/api/companies/${company}/configs`, { token: d.tokens.pm, body: { config: { name: 'x', design_type: 'custom' } } })).status).toBe(404);
    }
  });

  it("needs 'create configs'", async () => {
    const r = await call<ErrorBody>(server, 'POST', `/api/companies/${d.motors.company.guid}/configs`, { token: d.tokens.dealer, body: { config: { name: 'Mine', design_type: 'custom' } } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('No Access.');
    // The account manager holds it (and sees every company).
    expect((await call(server, 'POST', `/api/companies/${d.harbour.company.id}/configs`, { token: d.tokens.am, body: { config: { name: 'AM made', design_type: 'na' } } })).status).toBe(201);
  });
});

describe('GET a config', () => {
  it('gives stages with state, open and complete, data per stage, progress, version and the mail contacts', async () => {
    const r = await call<ConfigBody>(server, 'GET', configPath(d.motors), { token: d.tokens.dealer });
    expect(r.status).toBe(200);
    const c = r.body;
    // Eleven seeded writes after version 1; progress is the share of required stages done (the catalogue grows, so it is counted).
    expect(c).toMatchObject({ name: 'Demo Motors website', company: { name: 'Demo Motors' }, design_type: 'franchise', version: 12 });
    const required = (c.stages as Array<ConfigBody['stages'][number] & { required: boolean }>).filter((s) => s.required);
    expect(c.progress).toBe(Math.floor((100 * required.filter((s) => s.done).length) / required.length));
    expect(required.filter((s) => s.done).map((s) => s.slug)).toEqual(['company-information', 'key-contact', 'franchises', 'locations', 'departments']);
    expect(c.mail).toEqual({
      project_manager: { id: expect.any(Number), name: 'Pat Project', avatar: null, telephone: null, email: 'pm@demo.test', position: 'Project Manager' },
      account_manager: { id: expect.any(Number), name: 'Andy Account', avatar: null, telephone: null, email: 'am@demo.test', position: 'Account Manager' },
    });
    const state = Object.fromEntries(c.stages.map((s) => [s.slug, s.state]));
    expect(state).toMatchObject({ 'company-information': 'completed', 'key-contact': 'completed', franchises: 'submitted', locations: 'submitted', departments: 'submitted', 'opening-hours': 'draft' });
    expect(c.stages.find((s) => s.slug === 'opening-hours')).toMatchObject({ open: true, done: false, complete: true });
    expect(c.stages.find((s) => s.slug === 'users')).toMatchObject({ state: 'draft', open: true, done: false });
    expect(c.data).not.toHaveProperty('users');
    expect(c.stages.find((s) => s.slug === 'company-information')).toMatchObject({ slug: 'company-information', title: 'configurator:stages.company-information.title', group: 'configurator:sections.company', audience: 'dealer' });
    expect((c.data.franchises.franchises as unknown[]).length).toBe(3);
    expect((c.data.locations.locations as unknown[]).length).toBe(2);
    expect((c.data.departments.departments as Array<{ name: string }>).map((x) => x.name)).toEqual(['Sales', 'Service', 'Parts']);
    expect((c.data['opening-hours'].hours as unknown[]).length).toBe(2);
    expect(c).not.toHaveProperty('internal_data');
  });

  it('is the same by numeric ids, and under /configs/{id}', async () => {
    const byIds = await call<ConfigBody>(server, 'GET', `/api/companies/${d.motors.company.id}/configs/${d.motors.id}`, { token: d.tokens.dealer });
    const short = await call<ConfigBody>(server, 'GET', `/api/configs/${d.motors.guid}`, { token: d.tokens.dealer });
    expect(byIds.body.guid).toBe(d.motors.guid);
    expect(short.body.data).toEqual(byIds.body.data);
  });

  it('lists a company\'s configs (ra-data-simple-rest)', async () => {
    const r = await call<ConfigBody[]>(server, 'GET', `/api/companies/${d.motors.company.guid}/configs?sort=["name","ASC"]&range=[0,9]`, { token: d.tokens.dealer });
    expect(r.status).toBe(200);
    expect(r.body.every((c) => c.company.id === d.motors.company.id)).toBe(true);
    expect(r.body.map((c) => c.name)).toContain('Demo Motors website');
    expect(r.headers.get('content-range')).toMatch(/^configs 0-\d+\/\d+$/);
  });
});

describe('PUT /companies/{guid}/configs/{guid}', () => {
  it('stores a draft, bumps the version and answers the config with the changed stages', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const r = await writeStage(server, d.tokens.dealer, c, { slug: 'company-information', data: companyInformation, state: 'draft', version: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Configurator Updated', changed: true, changedStages: ['company-information'], version: 2, warnings: [] });
    expect(r.body.stages.find((s) => s.slug === 'locations')!.open).toBe(true);
    const again = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(again.body.data['company-information']).toEqual(companyInformation);
    expect(again.body.version).toBe(2);
  });

  it("says 'Nothing to update!' and keeps the version when nothing changed", async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const r = await writeStage(server, d.tokens.dealer, c, { slug: 'company-information', data: companyInformation, state: 'draft', version: c.version });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ changed: false, changedStages: [], message: 'Nothing to update!', version: c.version });
  });

  it('answers invalid data with 422 and every field error (JSON pointer), storing nothing', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const bad = { companyInformation: { ...companyInformation.companyInformation, name: 'x', postcode: 'nope', fcaRegNumber: 'abc' } };
    const r = await writeStage(server, d.tokens.dealer, c, { slug: 'company-information', data: bad, state: 'submitted', version: 1 });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Please make sure that all required fields are complete.');
    const fields = r.body.errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['/companyInformation/name', '/companyInformation/postcode', '/companyInformation/fcaRegNumber']));
    expect(r.body.errors!.find((e) => e.field === '/companyInformation/postcode')!.detail).toBe('must be a valid postcode');
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(after.body).toMatchObject({ version: 1, data: {} });
  });

  it('answers an unknown stage 404, a blocked stage 409 and wrong body types 400', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const unknown = await writeStage(server, d.tokens.dealer, c, { slug: 'no-such-stage', data: {}, state: 'draft', version: 1 });
    expect(unknown.status).toBe(404);
    const blocked = await writeStage(server, d.tokens.dealer, c, { slug: 'locations', data: { locations: [] }, state: 'draft', version: 1 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('Company information must be complete before other sections are accessible.');
    for (const body of [
      { slug: 'company-information', data: 'text', state: 'draft', version: 1 },
      { slug: 'company-information', data: [], state: 'draft', version: 1 },
      { slug: 'company-information', data: {}, state: 'finished', version: 1 },
      { slug: 'company-information', data: {}, state: 'draft', version: 'one' },
      { slug: 'company-information', data: {}, state: 'draft' },
      { slug: { name: 'company-information' }, data: {}, state: 'draft', version: 1 },
      { slug: 'company-information', data: {}, state: 'draft', version: 1, action: 'delete' },
    ]) {
      const r = await call<ErrorBody>(server, 'PUT', configPath(c), { token: d.tokens.dealer, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toEqual(expect.any(String));
    }
  });

  it('answers a stale version 409 with the current version, overwriting nothing', async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const r = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('Kia'), state: 'draft', version: c.version - 1 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ version: c.version, message: 'This configuration was changed by someone else. Reload it and make your change again.' });
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(after.body.version).toBe(c.version);
    expect(after.body.data).not.toHaveProperty('franchises');
  });

  it('lets exactly one of two concurrent writes on the same version win (409 for the other)', async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const names = ['Audi', 'Seat', 'Skoda', 'Mazda'];
    const replies = await Promise.all(names.map((n) => writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises(n), state: 'draft', version: c.version })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!;
    for (const loser of replies.filter((r) => r.status === 409)) expect(loser.body.version).toBe(c.version + 1);
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(after.body.version).toBe(c.version + 1);
    expect(after.body.data.franchises).toEqual(winner.body.data.franchises);
    const history = await call<{ total: number }>(server, 'GET', `${configPath(c)}/history`, { token: d.tokens.dealer });
    expect(history.body.total).toBe(2);
  });

  it('re-checks the version in the storing statement itself: a write computed on an old version stores nothing', async () => {
    // The race the engine cannot see: another write committed after this one loaded the config.
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const write = storeWrite(server.database.db, {
      configId: c.id,
      baseVersion: c.version - 1,
      progress: 0,
      meta: [{ key: 'stage_data_franchises', value: franchises('Lost') }, { key: 'stage_data_company-information', value: undefined }],
      revision: { userId: null, stage: 'franchises', action: 'save', changedStages: ['franchises'] },
    });
    // The store speaks the domain (Stale, carrying the current version); the one error handler answers it 409.
    const refused = await write.then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(Stale);
    expect(statusOf(refused as Stale)).toBe(409);
    expect(refused).toMatchObject({ version: c.version });
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(after.body.version).toBe(c.version);
    expect(Object.keys(after.body.data)).toEqual(['company-information']);
    expect((await call<{ total: number }>(server, 'GET', `${configPath(c)}/history`, { token: d.tokens.dealer })).body.total).toBe(1);
    // On the current version the same write goes through: one row upserted, one deleted, one revision.
    expect(await storeWrite(server.database.db, { configId: c.id, baseVersion: c.version, progress: 0, meta: [{ key: 'stage_data_franchises', value: franchises('Kept') }, { key: 'stage_data_company-information', value: undefined }], revision: { userId: null, stage: 'franchises', action: 'save', changedStages: ['franchises'] } })).toBe(c.version + 1);
    const stored = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.pm });
    expect(stored.body.data).toEqual({ franchises: franchises('Kept') });
  });

  it('stores a cascade across stages atomically: removing a franchise updates the locations', async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW', 'Ford', 'Kia'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Leeds', ['fBMW', 'fFord']), location('l2', 'York', ['fFord'])] }, state: 'draft' },
    ]);
    const r = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('BMW', 'Kia'), state: 'draft', version: c.version });
    expect(r.status).toBe(200);
    expect(r.body.changedStages).toEqual(['franchises', 'locations']);
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect((after.body.data.locations.locations as Array<{ franchises: string[] }>).map((l) => l.franchises)).toEqual([['fBMW'], []]);
  });

  it('answers ?data=changed with the written stage and the stages its cascade changed, and nothing else', async () => {
    const c = await writeStages(server, d.tokens.pm, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW', 'Ford'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Leeds', ['fBMW', 'fFord'])] }, state: 'draft' },
    ]);
    const path = `${configPath(c)}?data=changed`;
    const r = await call<ConfigBody>(server, 'PUT', path, { token: d.tokens.pm, body: { slug: 'franchises', data: franchises('BMW'), state: 'draft', version: c.version, internal_data: { note: 'Ford gone' } } });
    expect(r.status).toBe(200);
    expect(r.body.changedStages).toEqual(['franchises', 'locations']);
    expect(Object.keys(r.body.data).sort()).toEqual(['franchises', 'locations']);
    expect(r.body.data.franchises).toEqual(franchises('BMW'));
    expect(r.body.internal_data).toEqual({ franchises: { note: 'Ford gone' } });
    // Everything else of the answer as always: every stage's state, the version, progress.
    expect(r.body.stages.map((s) => s.slug)).toContain('company-information');
    expect(r.body.version).toBe(c.version + 1);
    // The written stage comes back even when nothing changed; the default answer carries every stage.
    const same = await call<ConfigBody>(server, 'PUT', path, { token: d.tokens.pm, body: { slug: 'franchises', data: franchises('BMW'), state: 'draft', version: r.body.version } });
    expect(same.body).toMatchObject({ changed: false, data: { franchises: franchises('BMW') } });
    expect(Object.keys(same.body.data)).toEqual(['franchises']);
    const whole = await writeStage(server, d.tokens.pm, r.body, { slug: 'company-information', data: { companyInformation: { ...companyInformation.companyInformation, name: 'Renamed Motors Ltd' } }, state: 'draft', version: r.body.version });
    expect(Object.keys(whole.body.data).sort()).toEqual(['company-information', 'franchises', 'locations']);
    const wrong = await call<ErrorBody>(server, 'PUT', `${configPath(c)}?data=some`, { token: d.tokens.pm, body: { slug: 'franchises', data: franchises('BMW'), state: 'draft', version: whole.body.version } });
    expect(wrong.status).toBe(400);
  });

  it('leaves the written stage out of a ?data=changed&echo=false answer only when it was stored exactly as sent', async () => {
    const c = await writeStages(server, d.tokens.pm, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW', 'Ford'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Leeds', ['fBMW', 'fFord'])] }, state: 'draft' },
    ]);
    const path = `${configPath(c)}?data=changed&echo=false`;
    // Stored as sent: the cascade's stage comes back, the written one does not, and the answer says why.
    const r = await call<ConfigBody & { stored_as_sent?: boolean }>(server, 'PUT', path, { token: d.tokens.pm, body: { slug: 'franchises', data: franchises('BMW'), state: 'draft', version: c.version } });
    expect(r.status).toBe(200);
    expect(r.body.changedStages).toEqual(['franchises', 'locations']);
    expect(r.body.stored_as_sent).toBe(true);
    expect(Object.keys(r.body.data)).toEqual(['locations']);
    // The write says how long the server took over it (developer tools and the bench read it).
    expect(r.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect((await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.pm })).body.data.franchises).toEqual(franchises('BMW'));
    // Stored otherwise (a location's unknown franchise stripped by the rules): the stored data comes back.
    const stripped = await call<ConfigBody & { stored_as_sent?: boolean }>(server, 'PUT', path, {
      token: d.tokens.pm, body: { slug: 'locations', data: { locations: [location('l1', 'Leeds', ['fBMW', 'fGone'])] }, state: 'draft', version: r.body.version },
    });
    expect(stripped.status).toBe(200);
    expect(stripped.body.stored_as_sent).toBeUndefined();
    expect((stripped.body.data.locations.locations as Array<{ franchises: string[] }>)[0].franchises).toEqual(['fBMW']);
    // Text PostgreSQL cannot store is refused before the route (server/http/input-guard.ts), never cleaned and stored.
    const refused = await call<ConfigBody>(server, 'PUT', path, {
      token: d.tokens.pm, body: { slug: 'company-information', data: { companyInformation: { ...companyInformation.companyInformation, name: 'Nul\u0000 Motors' } }, state: 'draft', version: stripped.body.version },
    });
    expect(refused.status).toBe(400);
    // Without echo=false the written stage always comes back.
    const echoed = await call<ConfigBody>(server, 'PUT', `${configPath(c)}?data=changed`, { token: d.tokens.pm, body: { slug: 'franchises', data: franchises('BMW', 'Kia'), state: 'draft', version: stripped.body.version } });
    expect(Object.keys(echoed.body.data)).toContain('franchises');
  });

  it('keeps a submitted stage from the dealer; staff reopen it; reset returns an empty draft', async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW'), state: 'submitted' },
    ]);
    const locked = await writeStage(server, d.tokens.dealer, c, { slug: 'franchises', data: franchises('Kia'), state: 'submitted', version: c.version });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('This section has been submitted and can no longer be amended.');
    const reopened = await writeStage(server, d.tokens.pm, c, { slug: 'franchises', data: franchises('BMW'), state: 'draft', version: c.version });
    expect(reopened.status).toBe(200);
    expect(reopened.body.stages.find((s) => s.slug === 'franchises')!.state).toBe('draft');
    const reset = await writeStage(server, d.tokens.dealer, reopened.body, { slug: 'franchises', state: 'draft', action: 'reset', version: reopened.body.version });
    expect(reset.status).toBe(200);
    expect(reset.body.data.franchises).toEqual({ franchises: [] });
  });

  it("keeps internal data to 'manage configs': dealers may not write it nor see it", async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const dealer = await writeStage(server, d.tokens.dealer, c, { slug: 'company-information', data: companyInformation, state: 'draft', version: c.version, internal_data: { note: 'x' } });
    expect(dealer.status).toBe(403);
    const pm = await writeStage(server, d.tokens.pm, c, { slug: 'company-information', data: companyInformation, state: 'draft', version: c.version, internal_data: { note: 'Call back on Monday' } });
    expect(pm.status).toBe(200);
    expect(pm.body.internal_data).toEqual({ 'company-information': { note: 'Call back on Monday' } });
    expect((await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.pm })).body.internal_data).toEqual({ 'company-information': { note: 'Call back on Monday' } });
    expect((await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer })).body).not.toHaveProperty('internal_data');
  });
});

describe('hostile bodies', () => {
  it('refuses __proto__ keys, huge bodies, deep nesting and NUL characters with a 4xx', async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const raw = (text: string) =>
      fetch(`${server.url}${configPath(c)}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${d.tokens.dealer}` }, body: text });
    const proto = await raw('{"slug":"company-information","state":"draft","version":1,"data":{"__proto__":{"admin":true}}}');
    expect(proto.status).toBe(400);
    const huge = await raw(JSON.stringify({ slug: 'company-information', state: 'draft', version: 1, data: { x: 'a'.repeat(2 * 1024 * 1024) } }));
    expect(huge.status).toBe(413);
    const deep = await raw(`{"slug":"company-information","state":"draft","version":1,"data":{"companyInformation":${'['.repeat(5000)}${']'.repeat(5000)}}}`);
    expect(deep.status).toBeGreaterThanOrEqual(400);
    expect(deep.status).toBeLessThan(500);
    const nul = await writeStage(server, d.tokens.dealer, c, {
      slug: 'company-information',
      data: { companyInformation: { ...companyInformation.companyInformation, name: 'Nul\u0000 Motors \ud800' } },
      state: 'draft',
      version: 1,
    });
    expect(nul.status).toBe(400);
    const after = await call<ConfigBody>(server, 'GET', configPath(c), { token: d.tokens.dealer });
    expect(after.body.version).toBe(1);
  });
});

describe('GET /configs/stages', () => {
  it('gives the catalogue and the project and design types', async () => {
    const r = await call<{ stages: Array<{ slug: string; requires: string[] }>; types: { design_types: string[]; project_types: string[] } }>(server, 'GET', '/api/configs/stages', { token: d.tokens.dealer });
    expect(r.status).toBe(200);
    expect(r.body.stages.find((s) => s.slug === 'locations')).toMatchObject({ group: 'configurator:sections.structure', audience: 'dealer', requires: ['company-information'] });
    expect(r.body.types.design_types).toEqual(['template', 'custom', 'franchise', 'na']);
    expect(r.body.types.project_types).toContain('multi-franchise-dealer');
    expect(r.body.types.project_types).toHaveLength(14);
  });
});

describe('lists', () => {
  it('GET /configs/paginate/{page}/{filter}: results.configs and total; active by filter, archived apart', async () => {
    const c = await newConfig(server, d.tokens.pm, d.harbour.company.guid, 'To archive');
    expect((await call(server, 'POST', `/api/configs/${c.id}/archive`, { token: d.tokens.am })).status).toBe(200);
    const active = await call<{ results: { configs: ConfigBody[]; per_page: number }; total: number }>(server, 'GET', '/api/configs/paginate/1/active', { token: d.tokens.pm });
    expect(active.status).toBe(200);
    expect(active.body.results.configs.every((x) => x.status === 'active')).toBe(true);
    expect(active.body.total).toBeGreaterThanOrEqual(2);
    const archived = await call<{ results: { configs: ConfigBody[] }; total: number }>(server, 'GET', '/api/configs/paginate/1/archived?perPage=5', { token: d.tokens.pm });
    expect(archived.body.results.configs.map((x) => x.name)).toContain('To archive');
    const all = await call<{ total: number }>(server, 'GET', '/api/configs/paginate/1/all', { token: d.tokens.pm });
    expect(all.body.total).toBe(active.body.total + archived.body.total);
    expect((await call(server, 'GET', '/api/configs/paginate/1/deleted', { token: d.tokens.pm })).status).toBe(400);
    expect((await call(server, 'GET', '/api/configs/paginate/0/all', { token: d.tokens.pm })).status).toBe(400);
  });

  it('GET /configs speaks ra-data-simple-rest: sort, range, filter (q on name or company, status), Content-Range', async () => {
    const q = async (query: Record<string, unknown>) => {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]));
      return call<ConfigBody[]>(server, 'GET', `/api/configs?${search}`, { token: d.tokens.pm });
    };
    const byCompany = await q({ filter: { q: 'harbour' }, sort: ['name', 'DESC'], range: [0, 99] });
    expect(byCompany.status).toBe(200);
    expect(byCompany.body.length).toBeGreaterThan(0);
    expect(byCompany.body.every((c) => c.company.name === 'Harbour Cars' || /harbour/i.test(c.name))).toBe(true);
    const names = byCompany.body.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const byName = await q({ filter: { q: 'Demo Motors web' } });
    expect(byName.body.map((c) => c.name)).toEqual(['Demo Motors website']);
    const page = await q({ sort: ['id', 'ASC'], range: [0, 0] });
    const total = Number(page.headers.get('x-total-count'));
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('content-range')).toBe(`configs 0-0/${total}`);
    const wildcard = await q({ filter: { q: '%' } });
    expect(wildcard.body).toEqual([]);
    const archived = await q({ filter: { status: 'archived' } });
    expect(archived.body.every((c) => c.status === 'archived')).toBe(true);
    const byIds = await q({ filter: { id: [d.motors.id, d.harbour.id] } });
    expect(byIds.body.map((c) => c.id).sort()).toEqual([d.motors.id, d.harbour.id].sort());
    for (const bad of [{ sort: ['password', 'ASC'] }, { sort: ['name', 'UP'] }, { range: [5, 1] }, { range: 'all' }, { filter: { status: 'gone' } }, { filter: { id: ['x'] } }, { filter: [] }]) {
      expect((await q(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(server, 'GET', '/api/configs?filter={oops', { token: d.tokens.pm })).status).toBe(400);
  });
});

describe('stage add/remove, archive, delete', () => {
  it("enables and disables stages ('manage configs'), returning the config", async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const removed = await call<ConfigBody>(server, 'POST', `/api/configs/${c.guid}/stage/remove/extras`, { token: d.tokens.pm });
    expect(removed.status).toBe(200);
    expect(removed.body.stages.map((s) => s.slug)).not.toContain('extras');
    expect(removed.body.version).toBe(2);
    const write = await writeStage(server, d.tokens.pm, removed.body, { slug: 'extras', data: { extras: [] }, state: 'draft', version: 2 });
    expect(write.status).toBe(404);
    const added = await call<ConfigBody>(server, 'POST', `/api/configs/${c.guid}/stage/add/extras`, { token: d.tokens.pm, body: {} });
    expect(added.body.stages.map((s) => s.slug)).toContain('extras');
    expect((await call(server, 'POST', `/api/configs/${c.guid}/stage/add/no-such-stage`, { token: d.tokens.pm })).status).toBe(404);
    expect((await call(server, 'POST', `/api/configs/${c.guid}/stage/remove/extras`, { token: d.tokens.dealer })).status).toBe(403);
    expect((await call(server, 'POST', `/api/configs/${c.guid}/stage/add/extras`, { token: d.tokens.am })).status).toBe(403);
  });

  it("archives with 'create configs' or 'manage configs'", async () => {
    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    expect((await call(server, 'POST', `/api/configs/${c.id}/archive`, { token: d.tokens.dealer })).status).toBe(403);
    const r = await call<ConfigBody>(server, 'POST', `/api/configs/${c.id}/archive`, { token: d.tokens.am });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('archived');
    const list = await call<ConfigBody[]>(server, 'GET', `/api/companies/${d.motors.company.guid}/configs`, { token: d.tokens.dealer });
    expect(list.body.map((x) => x.id)).not.toContain(c.id);
  });

  it("deletes with 'manage configs' only, data and history with it", async () => {
    const c = await writeStages(server, d.tokens.dealer, await newConfig(server, d.tokens.pm, d.motors.company.guid), [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    expect((await call(server, 'DELETE', `/api/configs/${c.id}`, { token: d.tokens.am })).status).toBe(403);
    expect((await call(server, 'DELETE', `/api/configs/${c.id}`, { token: d.tokens.dealer })).status).toBe(403);
    const r = await call(server, 'DELETE', `/api/configs/${c.id}`, { token: d.tokens.pm });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: c.id, guid: c.guid, message: 'Remove completed' });
    expect((await call(server, 'GET', configPath(c), { token: d.tokens.pm })).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/configs/${c.id}`, { token: d.tokens.pm })).status).toBe(404);
  });
});

describe('POST /configs/{guid}/mail/{type}', () => {
  it('mails the project manager through the outbox; no manager is a failure naming it', async () => {
    const r = await call<{ data: { email_id: number | null; status: string; failures: string[] }; message: string }>(server, 'POST', `/api/configs/${d.motors.guid}/mail/project_manager`, {
      token: d.tokens.dealer,
      body: { message: 'Our logo files are ready.' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { email_id: expect.any(Number), status: 'sent', failures: [] }, message: 'Email Sent!' });
    const mail = await server.mail.waitFor('pm@demo.test');
    // The spec's email_id (section 3, Mail result) is the outbox row of this mail, which the worker sent.
    const outboxRow = async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, r.body.data.email_id!)))[0];
    // The relay has it; the worker marks the row sent right after.
    await expect.poll(async () => (await outboxRow())?.status).toBe('sent');
    const row = await outboxRow();
    expect(row).toMatchObject({ to: 'pm@demo.test', subject: mail.subject });
    expect(row.text).toContain('Our logo files are ready.');
    expect(mail.subject).toBe('Demo Motors: a message about Demo Motors website');
    expect(mail.text).toContain(`Dana Dealer (Demo Motors) sent you a message about the configurator Demo Motors website, ${d.motors.progress}% complete.`);
    expect(mail.text).toContain('Our logo files are ready.');
    expect(mail.text).toMatch(/#\/configurator\/\d+\/dashboard/);

    const c = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const none = await call<{ data: { email_id: number | null; status: string; failures: string[] } }>(server, 'POST', `/api/configs/${c.guid}/mail/account_manager`, { token: d.tokens.dealer });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ email_id: null, status: 'failure', failures: ['account_manager'] });
    expect((await call(server, 'POST', `/api/configs/${c.guid}/mail/director`, { token: d.tokens.dealer })).status).toBe(400);
    expect((await call(server, 'POST', `/api/configs/${c.guid}/mail/project_manager`, { token: d.tokens.dealer, body: { message: 'x'.repeat(6000) } })).status).toBe(400);
  });
});

describe("the company's registration and VAT numbers follow its config (server/README.md, Company numbers)", () => {
  type Company = { reg_number: string | null; vat_number: string | null };
  const profile = async (id: number) => (await call<Company>(server, 'GET', `/api/companies/${id}`, { token: d.tokens.admin })).body;

  it('the demo companies show the numbers their configs hold', async () => {
    // A demo company no other test writes to (Demo Motors' number changes with the writes above).
    const [listed] = (await call<ConfigBody[]>(server, 'GET', `/api/configs?filter=${encodeURIComponent('{"q":"Pennine Motor Group"}')}`, { token: d.tokens.admin })).body;
    const config = (await call<ConfigBody>(server, 'GET', configPath(listed), { token: d.tokens.admin })).body;
    const info = config.data['company-information'].companyInformation as Record<string, string>;
    expect(info.regNumber).toMatch(/^\d{8}$/);
    expect(await profile(config.company.id)).toMatchObject({ reg_number: info.regNumber, vat_number: info.vatNumber });
  });

  it('a company information write sets them on the company; a number not filled in leaves the company as it is', async () => {
    const c = await newConfig(server, d.tokens.pm, d.harbour.company.guid);
    const fr = { ...companyInformation.companyInformation, postcode: '13002', country: 'FR', regNumber: '901 234 567', vatNumber: 'FR45901234567' };
    const first = await writeStage(server, d.tokens.dealer2, c, { slug: 'company-information', data: { companyInformation: fr }, state: 'draft', version: c.version });
    expect(first.status).toBe(200);
    expect(await profile(d.harbour.company.id)).toMatchObject({ reg_number: '901 234 567', vat_number: 'FR45901234567' });
    const second = await writeStage(server, d.tokens.dealer2, c, { slug: 'company-information', data: { companyInformation: { ...fr, regNumber: '901 234 568', vatNumber: '' } }, state: 'draft', version: first.body.version });
    expect(second.status).toBe(200);
    expect(await profile(d.harbour.company.id)).toMatchObject({ reg_number: '901 234 568', vat_number: 'FR45901234567' });
  });
});
