// A project's internal notes and risk register: staff only ('edit projects'), the author or an
// administrator changes a note, a risk's owner is staff; the project's counts follow; tenancy and
// bad input. Real server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectNote, ProjectNoteAnswer, ProjectRisk, ProjectRiskAnswer } from '../../../contract/variations';
import { serverMessages } from '../../../server/messages';
import { trackerWorld, type ErrorBody, type TrackerWorld, type Who } from './variations-helpers';

const m = serverMessages.projects;
let w: TrackerWorld;
let motors: { id: number; guid: string };
let other: { id: number };
let harbour: { id: number };

beforeAll(async () => {
  w = await trackerWorld();
  motors = await w.project('Demo Motors', { name: 'Motors notes' });
  other = await w.project('Demo Motors', { name: 'Motors other' });
  harbour = await w.project('Harbour Cars', { name: 'Harbour notes' });
}, 120_000);
afterAll(() => w?.close());

const staffOnly: Array<[Who, number]> = [
  ['anonymous', 401], ['dealer', 403], ['dealer2', 403], ['viewer', 403], ['am', 403], ['varreader', 403], ['approver', 403], ['harbour', 404],
];

describe('notes', () => {
  const note = (who: Who, body: unknown, project = motors.id) => w.as<ProjectNoteAnswer & ErrorBody>(who, 'POST', `/api/projects/${project}/notes`, body);

  it('are read and written with edit projects only (not view projects), held to the viewer companies', async () => {
    for (const [who, status] of [...staffOnly, ['pm', 200], ['editor', 200], ['admin', 200]] as Array<[Who, number]>) {
      expect([who, (await w.as(who, 'GET', `/api/projects/${motors.id}/notes`)).status]).toEqual([who, status]);
    }
    for (const [who, status] of [...staffOnly, ['editor', 201]] as Array<[Who, number]>) {
      expect([who, (await note(who, { body: `From ${who}` })).status]).toEqual([who, status]);
    }
    expect((await note('editor', { body: 'Elsewhere' }, harbour.id)).status).toBe(404);
  });

  it('newest first, with the author; the author or an administrator changes or deletes one', async () => {
    const created = await note('pm', { body: '  Kick-off held.  ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Note Created');
    expect(created.body.note).toMatchObject({ body: 'Kick-off held.', author: { id: w.ids.pm, name: 'Pat Project' }, editable: true });
    const id = created.body.note.id;
    const list = await w.as<ProjectNote[]>('editor', 'GET', `/api/projects/${motors.guid}/notes`);
    expect(list.body[0]).toMatchObject({ id, editable: false });
    expect((await w.as<ProjectNote[]>('admin', 'GET', `/api/projects/${motors.id}/notes`)).body[0]).toMatchObject({ id, editable: true });

    const put = (who: Who, body: unknown, project = motors.id) => w.as<ProjectNoteAnswer & ErrorBody>(who, 'PUT', `/api/projects/${project}/notes/${id}`, body);
    const notYours = await put('editor', { body: 'Mine now' });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(m.note_not_yours);
    expect((await put('pm', { body: 'Kick-off held; owner named.' })).body).toMatchObject({ message: 'Note Updated', note: { body: 'Kick-off held; owner named.' } });
    expect((await put('admin', { body: 'Edited by the administrator' })).status).toBe(200);
    expect((await put('pm', { body: '   ' })).status).toBe(422);
    expect((await put('pm', {})).status).toBe(400);
    expect((await put('pm', { body: 'x' }, other.id)).status).toBe(404);
    expect((await put('harbour', { body: 'x' })).status).toBe(404);
    expect((await put('viewer', { body: 'x' })).status).toBe(403);

    expect((await w.as('editor', 'DELETE', `/api/projects/${motors.id}/notes/${id}`)).status).toBe(403);
    const deleted = await w.as<ErrorBody>('pm', 'DELETE', `/api/projects/${motors.id}/notes/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Note Deleted');
    expect((await w.as('pm', 'DELETE', `/api/projects/${motors.id}/notes/${id}`)).status).toBe(404);
  });

  it('refuses bad input', async () => {
    expect((await note('pm', {})).status).toBe(400);
    expect((await note('pm', { body: 'x'.repeat(20_001) })).status).toBe(400);
    expect((await note('pm', { body: 'ok', pinned: true })).status).toBe(400);
    const blank = await note('pm', { body: ' \n ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.[0]).toEqual({ detail: m.body_required, field: 'body' });
  });
});

describe('risks', () => {
  const risk = (who: Who, body: unknown, project = motors.id) => w.as<ProjectRiskAnswer & ErrorBody>(who, 'POST', `/api/projects/${project}/risks`, body);

  it('are read and written with edit projects only, held to the viewer companies', async () => {
    for (const [who, status] of [...staffOnly, ['pm', 200], ['editor', 200]] as Array<[Who, number]>) {
      expect([who, (await w.as(who, 'GET', `/api/projects/${motors.id}/risks`)).status]).toEqual([who, status]);
    }
    for (const [who, status] of [...staffOnly, ['editor', 201]] as Array<[Who, number]>) {
      expect([who, (await risk(who, { title: `From ${who}` })).status]).toEqual([who, status]);
    }
  });

  it('have a severity, a state and a staff owner; open ones first, by severity; changed field by field', async () => {
    const created = await risk('pm', { title: 'Stock feed credentials missing', description: 'Cannot test search', severity: 'high', owner_id: w.ids.am });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Risk Created');
    expect(created.body.risk).toMatchObject({ title: 'Stock feed credentials missing', severity: 'high', state: 'open', owner: { id: w.ids.am, name: 'Andy Account' } });
    const low = (await risk('pm', { title: 'Domain transfer' })).body.risk;
    expect(low).toMatchObject({ severity: 'medium', state: 'open', owner: null });

    const dealerOwner = await risk('pm', { title: 'Owned by a dealer', owner_id: w.ids.dealer });
    expect(dealerOwner.status).toBe(422);
    expect(dealerOwner.body.errors?.[0]).toEqual({ detail: m.not_staff, field: 'owner_id' });
    expect((await risk('pm', { title: 'Nobody', owner_id: 999_999 })).status).toBe(422);
    expect((await risk('pm', { title: '  ' })).status).toBe(422);
    for (const bad of [{}, { title: 'x', severity: 'extreme' }, { title: 'x', state: 'gone' }, { title: 'x', owner_id: 'me' }, { title: 'x', extra: 1 }]) {
      expect([bad, (await risk('pm', bad)).status]).toEqual([bad, 400]);
    }

    const put = (who: Who, id: number, body: unknown, project = motors.id) => w.as<ProjectRiskAnswer & ErrorBody>(who, 'PUT', `/api/projects/${project}/risks/${id}`, body);
    const closed = await put('pm', low.id, { state: 'closed', severity: 'low' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ message: 'Risk Updated', risk: { title: 'Domain transfer', state: 'closed', severity: 'low' } });
    expect((await put('pm', low.id, { title: '' })).status).toBe(422);
    expect((await put('pm', low.id, { owner_id: w.ids.dealer2 })).status).toBe(422);
    expect((await put('viewer', low.id, { state: 'open' })).status).toBe(403);
    expect((await put('harbour', low.id, { state: 'open' })).status).toBe(404);
    expect((await put('pm', low.id, { state: 'open' }, other.id)).status).toBe(404);

    const list = await w.as<ProjectRisk[]>('pm', 'GET', `/api/projects/${motors.id}/risks`);
    const states = list.body.map((r) => r.state);
    expect(states.indexOf('closed')).toBeGreaterThan(states.lastIndexOf('open'));
    expect(list.body[0]).toMatchObject({ severity: 'high', state: 'open' });

    expect((await w.as('viewer', 'DELETE', `/api/projects/${motors.id}/risks/${low.id}`)).status).toBe(403);
    const deleted = await w.as<ErrorBody>('pm', 'DELETE', `/api/projects/${motors.id}/risks/${low.id}`);
    expect(deleted.body.message).toBe('Risk Deleted');
    expect((await w.as('pm', 'DELETE', `/api/projects/${motors.id}/risks/${low.id}`)).status).toBe(404);
  });

  it("are what the project's counts count: open risks, variations, stakeholders and notes", async () => {
    const p = await w.project('Demo Motors', { name: 'Counted' });
    await risk('pm', { title: 'Open one' }, p.id);
    const closing = (await risk('pm', { title: 'Closed one' }, p.id)).body.risk;
    await w.as('pm', 'PUT', `/api/projects/${p.id}/risks/${closing.id}`, { state: 'closed' });
    await w.as('pm', 'POST', `/api/projects/${p.id}/notes`, { body: 'One note' });
    await w.as('pm', 'POST', `/api/projects/${p.id}/stakeholders`, { name: 'One contact' });
    await w.as('pm', 'POST', `/api/projects/${p.id}/variations`, { type: 'other', title: 'One variation', total_effort: 1, cost_impact: 0, foc_cost: 0 });
    const project = await w.as<{ counts: Record<string, number> }>('pm', 'GET', `/api/projects/${p.id}`);
    expect(project.status).toBe(200);
    expect(project.body.counts).toEqual({ risks: 1, variations: 1, stakeholders: 1, notes: 1 });
  });
});
