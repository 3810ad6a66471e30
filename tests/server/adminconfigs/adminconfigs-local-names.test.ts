// A data word's text per locale (issue 54, contract/names.ts) on internal page layouts: the layout
// and each of its pages take `names` where they are created and edited, refuse what is not a portal
// locale's text with a 422 on `names(.<locale>)` or `pages.<i>.names(.<locale>)` (writing nothing),
// `{}` clears them, and applying a layout copies the pages without them (the config's stage holds
// the words as typed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InternalPageLayout, LayoutApplied } from '../../../contract/adminconfigs';
import type { ConfigBody } from '../configs-helpers';
import { expectRefused, LONGEST_NAMES, REFUSED_NAMES, SENT_NAMES, STORED_NAMES } from '../local-names-cases';
import { adminWorld, applyPath, type AdminWorld, type ErrorBody } from './adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

let serial = 0;
/** A layout name no other layout of the file has. */
const unique = (word: string) => `${word} ${++serial}`;
const create = (body: unknown) => w.as<InternalPageLayout & ErrorBody>('admin', 'POST', '/api/adminconfigs', body);
const update = (id: number, body: unknown) => w.as<InternalPageLayout & ErrorBody>('admin', 'PUT', `/api/adminconfigs/${id}`, body);
const layout = async (id: number) => (await w.as<InternalPageLayout>('admin', 'GET', `/api/adminconfigs/${id}`)).body;

describe('a layout and its pages', () => {
  it('are created with names, read back in the list and one by one, replaced whole and cleared by {}', async () => {
    const made = await create({
      name: unique('Translated layout'),
      names: SENT_NAMES,
      pages: [{ name: 'About us', names: { 'fr-FR': ' À propos ', 'nl-NL': 'Over ons' } }, { name: 'Contact' }, { name: 'Finance', names: {} }],
    });
    expect(made.status).toBe(201);
    expect(made.body.names).toEqual(STORED_NAMES);
    expect(made.body.pages.map((p) => p.names)).toEqual([{ 'fr-FR': 'À propos', 'nl-NL': 'Over ons' }, {}, {}]);
    expect(await layout(made.body.id)).toMatchObject({ names: STORED_NAMES, pages: made.body.pages });
    const listed = (await w.as<InternalPageLayout[]>('admin', 'GET', `/api/adminconfigs?filter=${encodeURIComponent(JSON.stringify({ id: [made.body.id] }))}`)).body;
    expect(listed.map((l) => [l.names, l.pages.map((p) => p.names)])).toEqual([[STORED_NAMES, made.body.pages.map((p) => p.names)]]);

    // A write without names keeps the layout's; pages sent replace the list, each page with what it sends.
    const renamed = await update(made.body.id, { name: unique('Translated layout, renamed') });
    expect(renamed.body.names).toEqual(STORED_NAMES);
    const [about, contact] = made.body.pages;
    const repaged = await update(made.body.id, { names: LONGEST_NAMES, pages: [{ ...contact, names: { 'nl-BE': 'Contact opnemen' } }, { ...about, names: {} }] });
    expect(repaged.status).toBe(200);
    expect(repaged.body.names).toEqual(LONGEST_NAMES);
    expect(repaged.body.pages.map((p) => [p.id, p.names])).toEqual([[contact.id, { 'nl-BE': 'Contact opnemen' }], [about.id, {}]]);
    const cleared = await update(made.body.id, { names: {} });
    expect([cleared.status, cleared.body.names, cleared.body.pages.map((p) => p.names)]).toEqual([200, {}, [{ 'nl-BE': 'Contact opnemen' }, {}]]);
  });

  it('answer {} for the demo layouts and their pages, which have none', async () => {
    const all = (await w.as<InternalPageLayout[]>('admin', 'GET', '/api/adminconfigs?filter={"archived":"all"}')).body;
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((l) => !l.name.startsWith('Translated')).every((l) => JSON.stringify(l.names) === '{}' && l.pages.every((p) => JSON.stringify(p.names) === '{}'))).toBe(true);
  });

  it.each(REFUSED_NAMES)("refuse %s, on the layout or on a page, with a 422 on the field, writing nothing", async (_what, names, field, detail) => {
    const name = unique('Refused layout');
    expectRefused(...replyOf(await create({ name, names })), `names${field}`, detail);
    expectRefused(...replyOf(await create({ name, pages: [{ name: 'Home' }, { name: 'About', names }] })), `pages.1.names${field}`, detail);
    expect((await w.as<InternalPageLayout[]>('admin', 'GET', `/api/adminconfigs?q=${encodeURIComponent(name)}`)).body).toEqual([]);

    const kept = (await create({ name: unique('Kept layout'), names: { 'fr-FR': 'Gardé' }, pages: [{ name: 'Home', names: { 'nl-NL': 'Thuis' } }] })).body;
    expectRefused(...replyOf(await update(kept.id, { name: 'Renamed too', names })), `names${field}`, detail);
    expectRefused(...replyOf(await update(kept.id, { name: 'Renamed too', pages: [{ ...kept.pages[0], names }] })), `pages.0.names${field}`, detail);
    expect(await layout(kept.id)).toEqual(omitMessage(kept));
  });

  it('names every refused page and entry at once, beside the other page problems', async () => {
    const r = await create({ name: unique('Many problems'), pages: [{ name: ' ', names: { 'fr-FR': ' ' } }, { name: 'Two', names: { 'de-DE': 'Zwei', 'nl-NL': 3 } }] });
    expect(r.status).toBe(422);
    expect(r.body.errors?.map((e) => e.field)).toEqual(['pages.0.name', 'pages.0.names.fr-FR', 'pages.1.names.de-DE', 'pages.1.names.nl-NL']);
  });
});

describe('applying a layout', () => {
  it("copies its pages into the config's stage without their names", async () => {
    const made = (await create({ name: unique('Applied with names'), names: { 'fr-FR': 'Appliqué' }, pages: [{ name: 'About us', template: 'about', names: { 'fr-FR': 'À propos' } }] })).body;
    const applied = await w.as<LayoutApplied>('admin', 'POST', applyPath(w.motors), { id: made.id });
    expect(applied.status).toBe(200);
    const stagePages = made.pages.map(({ names: _names, ...page }) => page);
    expect(applied.body.pages).toEqual(stagePages);
    const config = (await w.as<ConfigBody>('admin', 'GET', `/api/companies/${w.motors.company.guid}/configs/${w.motors.guid}`)).body;
    expect(config.data['internal-pages']).toEqual({ layout: { id: made.id, name: made.name }, pages: stagePages });
    // The layout's names changed: the stage's data does not, so applying again writes nothing.
    await update(made.id, { pages: [{ ...made.pages[0], names: { 'nl-NL': 'Over ons' } }] });
    const again = await w.as<LayoutApplied>('admin', 'POST', applyPath(w.motors), { id: made.id });
    expect([again.status, again.body.changed]).toEqual([200, false]);
  });
});

function replyOf(r: { status: number; body: unknown }): [number, unknown] {
  return [r.status, r.body];
}

function omitMessage(l: InternalPageLayout): InternalPageLayout {
  const { message: _message, ...rest } = l;
  return rest;
}
