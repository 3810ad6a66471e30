// Who may call what of the configurator admin (server/adminconfigs/README.md): every call needs
// 'edit admin configs' (roles made for the test, holding it alone or with company membership, and
// the demo roles); applying also needs the config to be one the caller may see (tenancy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InternalPageLayout, LayoutApplied } from '../../../contract/adminconfigs';
import { adminWorld, applyPath, EVERYONE, type AdminWorld, type Who } from './adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const EDIT: Who[] = ['admin', 'layouts', 'harbourLayouts'];
const expected = (who: Who, ok: number) => (who === 'anonymous' ? 401 : EDIT.includes(who) ? ok : 403);

describe('the layouts', () => {
  it.each(EVERYONE)("%s: every call needs 'edit admin configs'", async (who) => {
    expect((await w.as(who, 'GET', '/api/adminconfigs')).status).toBe(expected(who, 200));
    expect((await w.as(who, 'GET', '/api/adminconfigs/1')).status).toBe(expected(who, 200));
    const created = await w.as<InternalPageLayout>(who, 'POST', '/api/adminconfigs', { name: `Layout of ${who}`, pages: [{ name: 'About us' }] });
    expect(created.status).toBe(expected(who, 201));
    // The calls on a row: the caller's own when it could create one, else the admin's.
    const id = created.status === 201 ? created.body.id : (await w.as<InternalPageLayout>('admin', 'POST', '/api/adminconfigs', { name: `Admin layout for ${who}` })).body.id;
    expect((await w.as(who, 'PUT', `/api/adminconfigs/${id}`, { name: `Renamed by ${who}` })).status).toBe(expected(who, 200));
    expect((await w.as(who, 'PUT', `/api/adminconfigs/${id}/sort`, { to: 1 })).status).toBe(expected(who, 200));
    expect((await w.as(who, 'POST', `/api/adminconfigs/${id}/archive`)).status).toBe(expected(who, 200));
    const after = await w.as<InternalPageLayout>('admin', 'GET', `/api/adminconfigs/${id}`);
    // A refused write changed nothing.
    expect(after.body.archived).toBe(EDIT.includes(who));
    expect(after.body.name).toBe(EDIT.includes(who) ? `Renamed by ${who}` : `Admin layout for ${who}`);
    if (!EDIT.includes(who)) expect((await w.as('admin', 'POST', `/api/adminconfigs/${id}/archive`)).status).toBe(200);
  });
});

describe('applying a layout to a config', () => {
  // Demo Motors' config: the admin sees every company; the layout editors are not members of Demo Motors.
  const onMotors: Record<Who, number> = { admin: 200, layouts: 404, harbourLayouts: 404, pm: 403, am: 403, dealer: 403, manager: 403, anonymous: 401 };
  // Harbour Cars' config: the Harbour layout editor is a member.
  const onHarbour: Record<Who, number> = { ...onMotors, harbourLayouts: 200 };

  it.each(EVERYONE)("%s: needs 'edit admin configs' and a config of a company the caller may see", async (who) => {
    expect((await w.as(who, 'POST', applyPath(w.motors), { id: 1 })).status).toBe(onMotors[who]);
    const harbour = await w.as<LayoutApplied>(who, 'POST', applyPath(w.harbour), { layout_id: 2 });
    expect(harbour.status).toBe(onHarbour[who]);
  });

  it("'edit admin configs' alone (no 'manage configs') also adds the stage to a config that lacks it, then fills it", async () => {
    const c = (await w.as<{ guid: string; company: { guid: string }; stages: Array<{ slug: string }> }>('admin', 'GET', `/api/configs/${w.harbour.id}`)).body;
    expect((await w.as('admin', 'POST', `/api/configs/${c.guid}/stage/remove/internal-pages`)).status).toBe(200);
    // A layout no test applied yet: the stage's data changes (a removed stage keeps its data).
    const layout = (await w.as<InternalPageLayout>('admin', 'POST', '/api/adminconfigs', { name: 'Harbour re-added', pages: [{ name: 'Careers' }] })).body;
    const r = await w.as<LayoutApplied>('harbourLayouts', 'POST', applyPath(w.harbour), { id: layout.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.changed).toBe(true);
    const after = (await w.as<{ stages: Array<{ slug: string }>; data: Record<string, unknown> }>('admin', 'GET', `/api/configs/${w.harbour.id}`)).body;
    expect(after.stages.some((s) => s.slug === 'internal-pages')).toBe(true);
    expect(after.data['internal-pages']).toMatchObject({ layout: { id: layout.id, name: 'Harbour re-added' } });
    // Still not a way to change the config's stages otherwise.
    expect((await w.as('harbourLayouts', 'POST', `/api/configs/${c.guid}/stage/remove/internal-pages`)).status).toBe(403);
  });

  it("a staff member without access to the company cannot tell its config from none, and wrote nothing", async () => {
    const before = (await w.as<{ version: number }>('admin', 'GET', `/api/configs/${w.motors.id}`)).body.version;
    const refused = await w.as('harbourLayouts', 'POST', applyPath(w.motors), { id: 3 });
    expect(refused.status).toBe(404);
    expect((await w.as('harbourLayouts', 'POST', '/api/companies/00000000-0000-4000-8000-000000000000/configs/00000000-0000-4000-8000-000000000000/adminconfigs/internalpagelayout', { id: 3 })).status).toBe(404);
    expect((await w.as<{ version: number }>('admin', 'GET', `/api/configs/${w.motors.id}`)).body.version).toBe(before);
  });
});
