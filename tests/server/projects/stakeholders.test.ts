// A project's stakeholders: portal users and outside contacts, every call, the permission matrix
// over demo and custom roles, tenancy and bad input, on a real server and database.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stakeholder, StakeholderAnswer } from '../../../contract/variations';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { projectStakeholders, roles, userRoles, users } from '../../../server/db/schema';
import { serverMessages } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../support/server';
import { trackerWorld, type ErrorBody, type TrackerWorld, type Who } from './variations-helpers';

const m = serverMessages.projects;
let w: TrackerWorld;
let motors: { id: number; guid: string };
let other: { id: number };
let harbour: { id: number };

beforeAll(async () => {
  w = await trackerWorld();
  motors = await w.project('Demo Motors', { name: 'Motors stakeholders' });
  other = await w.project('Demo Motors', { name: 'Motors other' });
  harbour = await w.project('Harbour Cars', { name: 'Harbour stakeholders' });
}, 120_000);
afterAll(() => w?.close());

const add = (who: Who, body: unknown, project = motors.id) => w.as<StakeholderAnswer & ErrorBody>(who, 'POST', `/api/projects/${project}/stakeholders`, body);

describe('stakeholders', () => {
  it("adds a portal user with their own details, once ('User is already assigned')", async () => {
    const res = await add('pm', { user_id: w.ids.dealer, role: 'Decision maker' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Stakeholder Added');
    expect(res.body.stakeholder).toMatchObject({ user_id: w.ids.dealer, name: 'Dana Dealer', email: 'dealer@demo.test', role: 'Decision maker', project_id: motors.id });
    const again = await add('pm', { user_id: w.ids.dealer });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User is already assigned');
    // On another project the same user is welcome.
    expect((await add('pm', { user_id: w.ids.dealer }, other.id)).status).toBe(201);
    const unknown = await add('pm', { user_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.[0]).toEqual({ detail: m.unknown_user, field: 'user_id' });
  });

  it("a portal user must be staff or a user of the project's company: anyone else is answered as an unknown user, whoever asks", async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    // In no company, holding no tracker permission: not staff.
    const [loner] = await w.db.insert(users).values({ email: 'loner@tracker.test', name: 'Lone Ranger', passwordHash: hash, telephone: '0700 000 001', position: 'Secret' }).returning({ id: users.id });
    const [client] = await w.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Client'));
    await w.db.insert(userRoles).values({ userId: loner.id, roleId: client.id });
    const unknown = await add('editor', { user_id: 999_999 });
    expect(unknown.status).toBe(422);
    const project = await w.project('Demo Motors', { name: 'Motors stakeholder privacy' });
    // dealer2 is Harbour Cars' client, harbour a Harbour Cars member with 'edit projects': neither of
    // Demo Motors nor staff. The company-scoped editor and the admin who sees everyone get the answer
    // of a user who does not exist, with nothing of theirs in it.
    for (const who of ['editor', 'admin'] as Who[]) {
      for (const userId of [w.ids.dealer2, w.ids.harbour, loner.id]) {
        const res = await add(who, { user_id: userId }, project.id);
        expect([who, userId, res.status, res.body]).toEqual([who, userId, unknown.status, unknown.body]);
        expect(res.text).not.toMatch(/Hugo|harbour|Lone|Secret|0700/i);
      }
    }
    expect(await w.db.select().from(projectStakeholders).where(eq(projectStakeholders.projectId, project.id))).toEqual([]);
    // Staff (in no company, holding a tracker permission) and the company's own users are welcome.
    const staff = await add('editor', { user_id: w.ids.am }, project.id);
    expect(staff.status).toBe(201);
    expect(staff.body.stakeholder).toMatchObject({ user_id: w.ids.am, name: 'Andy Account' });
    expect((await add('editor', { user_id: w.ids.dealer }, project.id)).status).toBe(201);
    expect((await add('editor', { user_id: w.ids.viewer }, project.id)).status).toBe(201);
    // Harbour Cars' own users are Harbour Cars' project's stakeholders.
    expect((await add('harbour', { user_id: w.ids.dealer2 }, harbour.id)).status).toBe(201);
  });

  it('adds an outside contact: a name required, an email valid when given', async () => {
    const res = await add('pm', { name: '  Sam Agency ', email: 'Sam@Agency.Example', organisation: 'Agency Ltd', position: 'Director', telephone: '0113 000 0000', role: 'Marketing agency' });
    expect(res.status).toBe(201);
    expect(res.body.stakeholder).toMatchObject({ user_id: null, name: 'Sam Agency', email: 'sam@agency.example', organisation: 'Agency Ltd', role: 'Marketing agency' });
    expect((await add('pm', { name: 'No mail' })).body.stakeholder).toMatchObject({ name: 'No mail', email: null });
    const noName = await add('pm', { email: 'x@y.example' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors?.[0]).toEqual({ detail: m.name_required, field: 'name' });
    const badMail = await add('pm', { name: 'Bad', email: 'not-an-email' });
    expect(badMail.status).toBe(422);
    expect(badMail.body.errors?.[0]).toEqual({ detail: m.invalid_email, field: 'email' });
    for (const bad of [{ name: 'x', colour: 1 }, { user_id: 'abc' }, { name: 'x'.repeat(201) }, { user_id: 0 }, []]) {
      expect([bad, (await add('pm', bad)).status]).toEqual([bad, 400]);
    }
  });

  it("reads: 'view projects' or 'edit projects'; writes: 'edit projects'; another company's project is a 404", async () => {
    const read: Array<[Who, number]> = [
      ['anonymous', 401], ['dealer', 403], ['dealer2', 403], ['varreader', 403], ['viewer', 200], ['am', 200], ['pm', 200], ['admin', 200], ['editor', 200], ['harbour', 404],
    ];
    for (const [who, status] of read) expect([who, (await w.as(who, 'GET', `/api/projects/${motors.id}/stakeholders`)).status]).toEqual([who, status]);
    const list = await w.as<Stakeholder[]>('viewer', 'GET', `/api/projects/${motors.guid}/stakeholders`);
    expect(list.body.map((s) => s.name)).toEqual(expect.arrayContaining(['Dana Dealer', 'Sam Agency']));
    const write: Array<[Who, number]> = [
      ['anonymous', 401], ['dealer', 403], ['dealer2', 403], ['viewer', 403], ['am', 403], ['varreader', 403], ['approver', 403], ['harbour', 404], ['editor', 201],
    ];
    for (const [who, status] of write) expect([who, (await add(who, { name: `By ${who}` })).status]).toEqual([who, status]);
    expect((await add('editor', { name: 'Elsewhere' }, harbour.id)).status).toBe(404);
    expect((await w.as('harbour', 'GET', `/api/projects/${harbour.id}/stakeholders`)).status).toBe(200);
    expect((await w.as('pm', 'GET', '/api/projects/999999/stakeholders')).status).toBe(404);
  });

  it("changes a contact's details, a user's role only; removes either", async () => {
    const contact = (await add('pm', { name: 'Temp Contact', email: 'temp@contact.example' })).body.stakeholder;
    const put = (who: Who, id: number, body: unknown, project = motors.id) => w.as<StakeholderAnswer & ErrorBody>(who, 'PUT', `/api/projects/${project}/stakeholders/${id}`, body);
    const changed = await put('pm', contact.id, { name: 'Renamed Contact', role: 'Photographer' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Stakeholder Updated');
    expect(changed.body.stakeholder).toMatchObject({ name: 'Renamed Contact', email: 'temp@contact.example', role: 'Photographer' });
    expect((await put('pm', contact.id, { name: '' })).status).toBe(422);
    expect((await put('pm', contact.id, { email: 'nope' })).status).toBe(422);
    expect((await put('viewer', contact.id, { name: 'No' })).status).toBe(403);
    expect((await put('harbour', contact.id, { name: 'No' })).status).toBe(404);
    expect((await put('pm', contact.id, { name: 'Wrong path' }, other.id)).status).toBe(404);

    const [user] = await w.db.select().from(projectStakeholders).where(and(eq(projectStakeholders.userId, w.ids.dealer), eq(projectStakeholders.projectId, motors.id)));
    const userChange = await put('pm', user.id, { name: 'Not their name', role: 'Sponsor' });
    expect(userChange.body.stakeholder).toMatchObject({ name: 'Dana Dealer', role: 'Sponsor' });

    const del = (who: Who, id: number, project = motors.id) => w.as<ErrorBody>(who, 'DELETE', `/api/projects/${project}/stakeholders/${id}`);
    expect((await del('viewer', contact.id)).status).toBe(403);
    expect((await del('harbour', contact.id)).status).toBe(404);
    expect((await del('pm', contact.id, other.id)).status).toBe(404);
    const removed = await del('pm', contact.id);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Stakeholder Removed');
    expect((await del('pm', contact.id)).status).toBe(404);
    expect((await del('editor', user.id)).status).toBe(200);
    // Removed, the user can be added again.
    expect((await add('pm', { user_id: w.ids.dealer })).status).toBe(201);
  });
});
