// The configurator admin's internal page layouts (server/adminconfigs/README.md): the list, writes
// and their checks, the sort rules of spec section 5, archive, and applying a layout to a config
// through the stage write (one revision, none the second time; staff see it, dealers never).
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TEMPLATES, type InternalPageLayout, type LayoutApplied } from '../../../contract/adminconfigs';
import { getStage } from '../../../engine';
import { configRevisions } from '../../../server/db/schema';
import { DEMO_LAYOUTS } from '../../../server/db/seed-adminconfigs';
import type { ConfigBody } from '../configs-helpers';
import { adminWorld, applyPath, type AdminWorld, type ErrorBody } from './adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const list = async (query = '') => (await w.as<InternalPageLayout[]>('admin', 'GET', `/api/adminconfigs${query}`)).body;
const create = (body: unknown) => w.as<InternalPageLayout & ErrorBody>('admin', 'POST', '/api/adminconfigs', body);
const revisions = async (configId: number) => (await w.server.database.db.select({ n: count() }).from(configRevisions).where(eq(configRevisions.configId, configId)))[0].n;
const config = async (who: 'admin' | 'dealer' | 'layouts', c: ConfigBody) => w.as<ConfigBody>(who, 'GET', `/api/companies/${c.company.guid}/configs/${c.guid}`);

describe('the list', () => {
  it('answers the demo layouts by position, simple-rest style, with their pages', async () => {
    const reply = await w.as<InternalPageLayout[]>('admin', 'GET', '/api/adminconfigs?range=[0,1]');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-range')).toMatch(/^adminconfigs 0-1\/\d+$/);
    const all = await list();
    expect(all.slice(0, 3).map((l) => l.name)).toEqual(DEMO_LAYOUTS.map((l) => l.name));
    expect(all.map((l) => l.position)).toEqual(all.map((_, i) => i + 1));
    expect(all[0].pages[0]).toMatchObject({ name: 'About us', template: 'about', sections: ['Our story', 'Meet the team', 'Awards'] });
    expect(all[0].page_count).toBe(5);
    expect((await list('?q=independent')).map((l) => l.name)).toEqual(['Independent dealer']);
  });

  it('refuses an unknown filter or sort with a 400 naming it', async () => {
    const bad = await w.as<ErrorBody>('admin', 'GET', '/api/adminconfigs?filter={"colour":"red"}');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('filter.colour');
    expect((await w.as('admin', 'GET', '/api/adminconfigs?sort=["pages","ASC"]')).status).toBe(400);
  });
});

describe('writes', () => {
  it("creates a layout at the end with ids for its pages ('Admin Config Created'), and updates it ('Admin Config Updated')", async () => {
    const made = await create({ name: '  Group flagship  ', pages: [{ name: 'Home', template: 'landing', sections: ['Hero', 'Offers'] }, { name: 'Used cars', notes: 'Stock search first' }] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Group flagship', message: 'Admin Config Created', archived: false, page_count: 2 });
    expect(made.body.position).toBe((await list()).length);
    expect(made.body.pages[1]).toMatchObject({ name: 'Used cars', template: 'standard', sections: [], notes: 'Stock search first' });
    expect(new Set(made.body.pages.map((p) => p.id)).size).toBe(2);
    // Reordering the pages keeps each page's id (so configs that have them keep theirs).
    const [home, used] = made.body.pages;
    const put = await w.as<InternalPageLayout>('admin', 'PUT', `/api/adminconfigs/${made.body.guid}`, { pages: [used, home] });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Admin Config Updated');
    expect(put.body.pages.map((p) => p.id)).toEqual([used.id, home.id]);
    expect(put.body.name).toBe('Group flagship');
  });

  it('checks every write on the server with field errors (422), types first (400), names unique (409)', async () => {
    const blank = await create({ name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ detail: 'The name field must be filled in', field: 'name' }]);
    const pages = await create({ name: 'Pages checked', pages: [{ name: 'About' }, { name: ' about ' }, { name: '' }, { name: 'Service', sections: ['Booking', ' '] }] });
    expect(pages.status).toBe(422);
    expect(pages.body.errors).toEqual([
      { detail: 'Two pages of a layout cannot share a name.', field: 'pages.1.name' },
      { detail: 'Every page needs a name.', field: 'pages.2.name' },
      { detail: 'A section name cannot be blank.', field: 'pages.3.sections.1' },
    ]);
    const template = await create({ name: 'Bad template', pages: [{ name: 'Home', template: 'blog' }] });
    expect(template.status).toBe(400);
    expect((await create({ name: 'Extra', colour: 'red' })).status).toBe(400);
    const taken = await create({ name: 'INDEPENDENT DEALER' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]).toEqual({ detail: 'A layout with that name already exists.', field: 'name' });
    expect((await w.as('admin', 'PUT', '/api/adminconfigs/99999', { name: 'Nobody' })).status).toBe(404);
    expect((await list()).some((l) => l.name === 'Pages checked' || l.name === 'Bad template')).toBe(false);
  });

  it('the stage a layout fills offers the same templates as a layout', () => {
    const items = (getStage('internal-pages').schema.properties!.pages as { items: { properties: { template: { enum: string[] } } } }).items;
    expect(items.properties.template.enum).toEqual([...PAGE_TEMPLATES]);
  });
});

describe('sort (spec section 5)', () => {
  it('moves a layout, shifting the ones between; below 1 or past the end is a 422 on `to`', async () => {
    const before = await list();
    const last = before[before.length - 1];
    const moved = await w.as<InternalPageLayout>('admin', 'PUT', `/api/adminconfigs/${last.id}/sort`, { to: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ position: 1, message: 'Admin Config Updated' });
    const after = await list();
    expect(after.map((l) => l.id)).toEqual([last.id, ...before.slice(0, -1).map((l) => l.id)]);
    expect(after.map((l) => l.position)).toEqual(after.map((_, i) => i + 1));

    const zero = await w.as<ErrorBody>('admin', 'PUT', `/api/adminconfigs/${last.id}/sort`, { to: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual([{ detail: 'Value must be more than 0', field: 'to' }]);
    const past = await w.as<ErrorBody>('admin', 'PUT', `/api/adminconfigs/${last.id}/sort`, { to: after.length + 1 });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([{ detail: `Value cannot be more than ${after.length}`, field: 'to' }]);
    // Back to the end.
    expect((await w.as('admin', 'PUT', `/api/adminconfigs/${last.id}/sort`, { to: after.length })).status).toBe(200);
    expect((await list()).map((l) => l.id)).toEqual(before.map((l) => l.id));
  });
});

describe('archive', () => {
  it("takes a layout out of the list and closes its gap ('Admin Configs Archived'); it is kept, cannot change or be applied", async () => {
    const made = (await create({ name: 'Short-lived', pages: [{ name: 'Offers' }] })).body;
    const middle = (await list())[1];
    const archived = await w.as('admin', 'POST', `/api/adminconfigs/${middle.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ id: middle.id, name: middle.name, message: 'Admin Configs Archived' });
    const active = await list();
    expect(active.some((l) => l.id === middle.id)).toBe(false);
    expect(active.map((l) => l.position)).toEqual(active.map((_, i) => i + 1));
    const kept = await list('?filter={"archived":true}');
    expect(kept.find((l) => l.id === middle.id)).toMatchObject({ archived: true, position: null });
    expect((await w.as('admin', 'POST', `/api/adminconfigs/${middle.id}/archive`)).status).toBe(200);
    expect((await w.as('admin', 'PUT', `/api/adminconfigs/${middle.id}`, { name: 'Back' })).status).toBe(409);
    expect((await w.as('admin', 'PUT', `/api/adminconfigs/${middle.id}/sort`, { to: 1 })).status).toBe(409);
    const apply = await w.as<ErrorBody>('admin', 'POST', applyPath(w.motors), { id: middle.id });
    expect(apply.status).toBe(422);
    expect(apply.body.errors?.[0]).toEqual({ detail: 'This layout is archived: it cannot be changed, sorted or applied.', field: 'id' });
    // Its name is free again for a new layout.
    expect((await create({ name: middle.name })).status).toBe(201);
    expect((await w.as('admin', 'POST', `/api/adminconfigs/${made.id}/archive`)).status).toBe(200);
  });
});

describe('applying a layout', () => {
  it('fills the internal pages stage through the stage write: one revision, and none when applied again', async () => {
    const layout = (await create({ name: 'Applied twice', pages: [{ name: 'About us', template: 'about', sections: ['Story'] }, { name: 'Contact us', template: 'contact' }] })).body;
    const before = await revisions(w.motors.id);
    const first = await w.as<LayoutApplied>('admin', 'POST', applyPath(w.motors), { id: layout.guid });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changed: true, stage: 'internal-pages', layout: { id: layout.id, name: 'Applied twice' }, message: 'Layout applied to the config.' });
    // The stage holds the pages' words as typed: a page's `names` stay with the layout (issue 54).
    const stagePages = layout.pages.map(({ names: _names, ...page }) => page);
    expect(first.body.pages).toEqual(stagePages);
    expect(await revisions(w.motors.id)).toBe(before + 1);
    const [revision] = await w.server.database.db
      .select()
      .from(configRevisions)
      .where(and(eq(configRevisions.configId, w.motors.id), eq(configRevisions.version, first.body.version)));
    expect(revision).toMatchObject({ stage: 'internal-pages', action: 'save' });

    const second = await w.as<LayoutApplied>('admin', 'POST', applyPath(w.motors), { layout_id: layout.id });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ changed: false, version: first.body.version, message: "The config already has this layout's pages." });
    expect(await revisions(w.motors.id)).toBe(before + 1);

    // Staff see the pages and the layout they came from; the dealer sees neither the stage nor its data.
    const staff = (await config('admin', w.motors)).body;
    expect(staff.data['internal-pages']).toEqual({ layout: { id: layout.id, name: 'Applied twice' }, pages: stagePages });
    expect(staff.stages.find((s) => s.slug === 'internal-pages')).toMatchObject({ audience: 'internal' });
    const dealer = (await config('dealer', w.motors)).body;
    expect(dealer.data).not.toHaveProperty('internal-pages');
    expect(dealer.stages.some((s) => s.slug === 'internal-pages')).toBe(false);
    // Not required: the dealer's progress is what it was.
    expect(dealer.progress).toBe(w.motors.progress);
  });

  it('a dealer can neither write the internal pages stage nor apply a layout', async () => {
    const c = (await config('dealer', w.motors)).body;
    const put = await w.as<ErrorBody>('dealer', 'PUT', `/api/companies/${c.company.guid}/configs/${c.guid}`, { slug: 'internal-pages', data: { pages: [] }, state: 'draft', version: c.version });
    expect(put.status).toBe(403);
    expect((await w.as('dealer', 'POST', applyPath(c), { id: 1 })).status).toBe(403);
    expect((await config('admin', w.motors)).body.data['internal-pages']).toMatchObject({ layout: { name: 'Applied twice' } });
  });

  it('applying another layout replaces the pages; an unknown layout or none is refused', async () => {
    const other = (await list()).find((l) => l.name === 'Franchise dealer standard')!;
    const r = await w.as<LayoutApplied>('admin', 'POST', applyPath(w.motors), { id: String(other.id) });
    expect(r.body).toMatchObject({ changed: true, layout: { name: 'Franchise dealer standard' } });
    expect(((await config('admin', w.motors)).body.data['internal-pages'].pages as unknown[]).length).toBe(5);
    const unknown = await w.as<ErrorBody>('admin', 'POST', applyPath(w.motors), { id: 99999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.[0]).toEqual({ detail: 'Please choose an existing layout.', field: 'id' });
    expect((await w.as('admin', 'POST', applyPath(w.motors), {})).status).toBe(400);
  });

  it('a config without the stage gets it added, then the pages', async () => {
    const c = (await config('admin', w.harbour)).body;
    const path = `/api/configs/${c.guid}/stage/remove/internal-pages`;
    const removed = await w.as('admin', 'POST', path);
    expect(removed.status).toBe(200);
    const r = await w.as<LayoutApplied>('admin', 'POST', applyPath(c), { id: 1 });
    expect(r.status).toBe(200);
    expect(r.body.changed).toBe(true);
    const after = (await config('admin', w.harbour)).body;
    expect(after.stages.some((s) => s.slug === 'internal-pages')).toBe(true);
    expect(after.data['internal-pages']).toMatchObject({ layout: { id: 1 } });
  });
});
