// Variations (server/projects/README.md, Variations and Variation approval) on a real server and
// database: every call, the permission matrix over demo and custom roles, tenancy, approval only by
// a foc_approver who neither raised it nor last changed its amounts (one of two at once), naming the
// revision and amount it approves (409 when they moved), the approver and the raiser mailed over
// real SMTP, and bad input.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variation, VariationAnswer } from '../../../contract/variations';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { userNotifications, variations } from '../../../server/db/schema';
import { serverMessages } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../support/server';
import type { CaughtMail } from '../../support/smtp';
import { call, login, sleep } from '../helpers';
import { onlyTemplates, trackerWorld, userWithRole, type ErrorBody, type TrackerWorld, type Who } from './variations-helpers';

const m = serverMessages.projects;
let w: TrackerWorld;
let motors: { id: number; guid: string; name: string };
let harbourProject: { id: number };
let other: { id: number };

/** The first caught mail matching, waiting up to `ms`. */
async function mailWhere(match: (mail: CaughtMail) => boolean, ms = 8000): Promise<CaughtMail> {
  const until = Date.now() + ms;
  for (;;) {
    const found = w.server.mail.messages.find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such mail; received: ${w.server.mail.messages.map((x) => `${x.to}: ${x.subject}`).join(' | ')}`);
    await sleep(50);
  }
}

const body = (over: Record<string, unknown> = {}) => ({ type: 'configuration', title: 'Second stock feed', description: 'A new provider', total_effort: 6, cost_impact: 450, foc_cost: 0, ...over });
const raise = (who: Who, projectId: number, over: Record<string, unknown> = {}) => w.as<VariationAnswer>(who, 'POST', `/api/projects/${projectId}/variations`, body(over));

beforeAll(async () => {
  w = await trackerWorld();
  const [pmId, amId] = [w.ids.pm, w.ids.am];
  motors = await w.project('Demo Motors', { name: 'Motors variations', pm: pmId, am: amId });
  other = await w.project('Demo Motors', { name: 'Motors other' });
  harbourProject = await w.project('Harbour Cars', { name: 'Harbour variations' });
  await onlyTemplates(w.db, [
    { event: 'variation_pending', recipients: ['approvers'], subject: 'Approve {variation} ({company})', body: 'Please decide {variation} on {project}: {link}' },
    { event: 'variation_decided', recipients: ['raiser'], subject: 'Decided: {variation}', body: '{variation} on {project} was decided.' },
  ]);
}, 120_000);
afterAll(() => w?.close());

describe('raising a variation', () => {
  it('without a free part is approved at once, in the company region currency, and mails nobody', async () => {
    const res = await raise('pm', motors.id, { title: 'Finance calculator removed', type: 'other', cost_impact: -300, foc_cost: 0, total_effort: 1.5 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Variation Created');
    const v = res.body.variation;
    expect(v).toMatchObject({
      type: 'other', title: 'Finance calculator removed', total_effort: 1.5, cost_impact: -300, foc_cost: 0, currency: 'GBP', status: 'approved',
      raised_by: { id: w.ids.pm, name: 'Pat Project' }, decided_by: null, decided_at: null, project: { id: motors.id, name: 'Motors variations', company_name: 'Demo Motors' },
    });
    const rows = await w.db.select().from(userNotifications).where(eq(userNotifications.key, `variation_pending:${v.id}`));
    expect(rows).toHaveLength(0);
  });

  it("is in the currency of the company's region (Harbour Cars: FR, euros)", async () => {
    const res = await raise('harbour', harbourProject.id, { foc_cost: 0 });
    expect(res.status).toBe(201);
    expect(res.body.variation.currency).toBe('EUR');
  });

  it('with a free part waits for approval, and every approver (not the raiser) is mailed through the outbox', async () => {
    const res = await raise('pm', motors.id, { title: 'Hero video', type: 'styling', foc_cost: 250.5, cost_impact: 0 });
    expect(res.status).toBe(201);
    const v = res.body.variation;
    expect(v).toMatchObject({ status: 'pending', foc_cost: 250.5 });
    const toAdmin = await mailWhere((x) => x.to === 'admin@demo.test' && x.subject === 'Approve Hero video (Demo Motors)');
    expect(toAdmin.text).toContain(`Please decide Hero video on Motors variations: ${w.server.url}/#/tracker/${motors.id}/profile`);
    await mailWhere((x) => x.to === 'approver@tracker.test' && x.subject === 'Approve Hero video (Demo Motors)');
    // Not the unflagged approver, not the raiser, not a reader.
    await sleep(300);
    const others = w.server.mail.messages.filter((x) => x.subject === 'Approve Hero video (Demo Motors)').map((x) => x.to);
    expect(others.sort()).toEqual(['admin@demo.test', 'approver@tracker.test']);
    // ... and it is in their in-app list.
    const inbox = await w.as<{ data: Array<{ title: string; link: string; event: string }>; unread: number }>('admin', 'GET', '/api/notifications');
    expect(inbox.body.data[0]).toMatchObject({ title: 'Approve Hero video (Demo Motors)', link: `/tracker/${motors.id}/profile`, event: 'variation_pending' });
  });

  it('is refused to every role without edit projects, and another company is a 404', async () => {
    const expected: Array<[Who, number]> = [
      ['anonymous', 401], ['dealer', 403], ['dealer2', 403], ['am', 403], ['varreader', 403], ['viewer', 403], ['approver', 403], ['unflagged', 403],
      ['harbour', 404], ['editor', 201], ['admin', 201], ['pm', 201],
    ];
    for (const [who, status] of expected) expect([who, (await raise(who, motors.id, { title: `By ${who}` })).status]).toEqual([who, status]);
    expect((await raise('dealer', motors.id)).body).toMatchObject({ message: serverMessages.access_denied });
    // The editor is a Demo Motors member: Harbour Cars' project is not theirs.
    expect((await raise('editor', harbourProject.id)).status).toBe(404);
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const before = (await w.db.select().from(variations)).length;
    const cases: Array<[Record<string, unknown>, number, string?]> = [
      [{ type: 'upgrade' }, 400, 'type'],
      [{ total_effort: -1 }, 400, 'total_effort'],
      [{ foc_cost: -5 }, 400, 'foc_cost'],
      [{ cost_impact: 'lots' }, 400, 'cost_impact'],
      [{ title: 'x'.repeat(201) }, 400, 'title'],
      [{ colour: 'red' }, 400, 'colour'],
      [{ foc_cost: 1e12 }, 400, 'foc_cost'],
      [{ title: '   ' }, 422, 'title'],
    ];
    for (const [over, status, field] of cases) {
      const res = await w.as<ErrorBody>('pm', 'POST', `/api/projects/${motors.id}/variations`, body(over));
      expect([JSON.stringify(over), res.status]).toEqual([JSON.stringify(over), status]);
      if (field) expect(res.body.errors?.[0]?.field).toBe(field);
    }
    const missing = await w.as<ErrorBody>('pm', 'POST', `/api/projects/${motors.id}/variations`, { title: 'No type', total_effort: 1, cost_impact: 1, foc_cost: 0 });
    expect(missing.status).toBe(400);
    expect((await w.as<ErrorBody>('pm', 'POST', `/api/projects/${motors.id}/variations`, body({ title: '   ' }))).body.message).toBe(m.title_required);
    expect((await raise('pm', 999_999)).status).toBe(404);
    expect((await w.as('pm', 'POST', '/api/projects/not-a-project/variations', body())).status).toBe(404);
    expect((await w.db.select().from(variations)).length).toBe(before);
  });
});

describe('reading variations', () => {
  it("a project's list: 'view project variations' or 'edit projects'; others 403; another company's 404", async () => {
    const expected: Array<[Who, number]> = [
      ['anonymous', 401], ['dealer', 403], ['dealer2', 403], ['viewer', 403], ['varreader', 200], ['am', 200], ['pm', 200], ['admin', 200],
      ['editor', 200], ['approver', 200], ['harbour', 404],
    ];
    for (const [who, status] of expected) expect([who, (await w.as(who, 'GET', `/api/projects/${motors.id}/variations`)).status]).toEqual([who, status]);
    const list = await w.as<Variation[]>('varreader', 'GET', `/api/projects/${motors.guid}/variations`);
    expect(list.body.length).toBeGreaterThan(2);
    expect(list.body.every((v) => v.project.id === motors.id)).toBe(true);
    expect(list.headers.get('content-range')).toMatch(/^variations 0-\d+\/\d+$/);
  });

  it('GET /variations lists every project the viewer sees, with filters, sorting and paging', async () => {
    const all = await w.as<Variation[]>('pm', 'GET', '/api/variations?range=[0,999]');
    expect(all.status).toBe(200);
    expect(all.body.some((v) => v.project.id === harbourProject.id)).toBe(true);
    // Newest first.
    const times = all.body.map((v) => v.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const pending = await w.as<Variation[]>('pm', 'GET', `/api/variations?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', project_id: motors.id }))}`);
    expect(pending.body.length).toBeGreaterThan(0);
    expect(pending.body.every((v) => v.status === 'pending' && v.project.id === motors.id)).toBe(true);
    const styling = await w.as<Variation[]>('pm', 'GET', '/api/variations?type=styling');
    expect(styling.body.every((v) => v.type === 'styling')).toBe(true);
    const byFoc = await w.as<Variation[]>('pm', 'GET', `/api/variations?sort=${encodeURIComponent('["foc_cost","DESC"]')}&range=[0,1]`);
    expect(byFoc.body).toHaveLength(2);
    expect(byFoc.body[0].foc_cost).toBeGreaterThanOrEqual(byFoc.body[1].foc_cost);
    // The Harbour Cars member sees Harbour Cars' variations only.
    const harbour = await w.as<Variation[]>('harbour', 'GET', '/api/variations?range=[0,999]');
    expect(harbour.body.length).toBeGreaterThan(0);
    expect(harbour.body.every((v) => v.project.company_name === 'Harbour Cars')).toBe(true);
    for (const bad of ['filter={"colour":"red"}', 'status=maybe', 'sort=["secret","ASC"]', 'range=[5,1]', 'awaiting=you', 'surprise=1']) {
      expect([bad, (await w.as('pm', 'GET', `/api/variations?${bad}`)).status]).toEqual([bad, 400]);
    }
    expect((await w.as('viewer', 'GET', '/api/variations')).status).toBe(403);
    expect((await w.as('dealer', 'GET', '/api/variations')).status).toBe(403);
  });

  it('awaiting=me lists the pending variations the viewer may decide: a foc_approver with the permission, never their own', async () => {
    const mine = (await raise('admin', motors.id, { title: 'Raised by admin', foc_cost: 10 })).body.variation;
    const theirs = (await raise('pm', motors.id, { title: 'Raised by pm', foc_cost: 10 })).body.variation;
    const awaiting = async (who: Who) => (await w.as<Variation[]>(who, 'GET', '/api/variations?awaiting=me&range=[0,999]')).body.map((v) => v.id);
    const admin = await awaiting('admin');
    expect(admin).toContain(theirs.id);
    expect(admin).not.toContain(mine.id);
    expect(await awaiting('approver')).toEqual(expect.arrayContaining([theirs.id, mine.id]));
    expect(await awaiting('pm')).toEqual([]);
    expect(await awaiting('unflagged')).toEqual([]);
    expect(await awaiting('varreader')).toEqual([]);
    // The raiser, an approver themselves, is not asked to approve their own; the other approver is.
    await mailWhere((x) => x.to === 'approver@tracker.test' && x.subject === 'Approve Raised by admin (Demo Motors)');
    await mailWhere((x) => x.to === 'admin@demo.test' && x.subject === 'Approve Raised by pm (Demo Motors)');
    expect(w.server.mail.messages.filter((x) => x.to === 'admin@demo.test' && x.subject === 'Approve Raised by admin (Demo Motors)')).toHaveLength(0);
    const filtered = await w.as<Variation[]>('admin', 'GET', `/api/variations?filter=${encodeURIComponent(JSON.stringify({ awaiting: 'me' }))}&range=[0,999]`);
    expect(filtered.body.every((v) => v.status === 'pending')).toBe(true);
  });
});

describe('deciding a variation', () => {
  it('needs a foc_approver holding approve project tasks who did not raise it; records who, when and why; mails the raiser', async () => {
    const v = (await raise('admin', motors.id, { title: 'Decide me', foc_cost: 99 })).body.variation;
    const decide = (who: Who, decision = 'approved', note?: string) => w.as<VariationAnswer & ErrorBody>(who, 'POST', `/api/variations/${v.id}/decision`, { decision, note, revision: v.revision, amount: v.foc_cost });
    expect((await decide('anonymous')).status).toBe(401);
    for (const who of ['dealer', 'dealer2', 'varreader', 'viewer', 'am', 'editor', 'harbour'] as Who[]) {
      const res = await decide(who);
      expect([who, res.status, res.body.message]).toEqual([who, 403, serverMessages.access_denied]);
    }
    // pm holds 'approve project tasks' but is not flagged; so is the custom role.
    for (const who of ['pm', 'unflagged'] as Who[]) {
      const res = await decide(who);
      expect([who, res.status, res.body.message]).toEqual([who, 403, m.not_foc_approver]);
    }
    const own = await decide('admin');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot approve a variation you raised.');
    expect((await w.db.select().from(variations).where(eq(variations.id, v.id)))[0].status).toBe('pending');

    const before = Date.now();
    const ok = await decide('approver', 'rejected', 'Quote it as a change');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(m.variation_decided);
    expect(ok.body.variation).toMatchObject({ status: 'rejected', decided_by: { id: w.ids.approver, name: 'Variation Approver' }, decision_note: 'Quote it as a change' });
    expect(Date.parse(ok.body.variation.decided_at!)).toBeGreaterThanOrEqual(before - 1000);
    // Decided once: again is a 409, whoever asks.
    const again = await decide('approver', 'approved');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.variation_already_decided);
    const mail = await mailWhere((x) => x.to === 'admin@demo.test' && x.subject === 'Decided: Decide me');
    expect(mail.text).toContain('Decide me on Motors variations was decided.');
  });

  it('of two approvers at once, one decides and the other gets 409', async () => {
    const v = (await raise('pm', motors.id, { title: 'Race', foc_cost: 5 })).body.variation;
    const [a, b] = await Promise.all([
      w.as<VariationAnswer>('admin', 'POST', `/api/variations/${v.id}/decision`, { decision: 'approved', revision: v.revision, amount: v.foc_cost }),
      w.as<VariationAnswer>('approver', 'POST', `/api/variations/${v.id}/decision`, { decision: 'rejected', revision: v.revision, amount: v.foc_cost }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a.body.variation : b.body.variation;
    const [row] = await w.db.select().from(variations).where(eq(variations.id, v.id));
    expect(row.status).toBe(winner.status);
    expect(row.decidedBy).toBe(a.status === 200 ? w.ids.admin : w.ids.approver);
  });

  it("only a pending one; another company's is a 404 even to a foc_approver of theirs; bad input 400", async () => {
    const approved = (await raise('pm', motors.id, { title: 'Nothing free', foc_cost: 0 })).body.variation;
    expect((await w.as('admin', 'POST', `/api/variations/${approved.id}/decision`, { decision: 'approved', revision: approved.revision, amount: 0 })).status).toBe(409);
    const pending = (await raise('pm', motors.id, { title: 'For tenancy', foc_cost: 5 })).body.variation;
    const named = { revision: pending.revision, amount: pending.foc_cost };
    const hash = await hashPassword(DEMO_PASSWORD);
    await userWithRole(w.db, 'harbour-approver@tracker.test', 'Harbour Approver', ['approve project tasks', 'view project variations'], hash, { focApprover: true, company: await w.companyId('Harbour Cars') });
    const { token } = await login(w.server, 'harbour-approver@tracker.test');
    expect((await call(w.server, 'POST', `/api/variations/${pending.id}/decision`, { token, body: { decision: 'approved', ...named } })).status).toBe(404);
    expect((await call(w.server, 'GET', `/api/variations?awaiting=me&range=[0,999]`, { token })).body).toEqual([]);
    for (const bad of [{ decision: 'maybe', ...named }, named, { decision: 'approved', note: 'x'.repeat(2001), ...named }, { decision: 'approved', extra: 1, ...named }]) {
      expect([bad, (await w.as('admin', 'POST', `/api/variations/${pending.id}/decision`, bad)).status]).toEqual([bad, 400]);
    }
    expect((await w.as('admin', 'POST', '/api/variations/999999/decision', { decision: 'approved', ...named })).status).toBe(404);
    expect((await w.as('admin', 'POST', '/api/variations/abc/decision', { decision: 'approved', ...named })).status).toBe(404);
    expect((await w.db.select().from(variations).where(eq(variations.id, pending.id)))[0].status).toBe('pending');
  });
});

describe('changing and deleting a variation', () => {
  it('changes one nobody decided, its status following foc_cost (approvers told when it starts to wait)', async () => {
    const v = (await raise('pm', motors.id, { title: 'Was free', foc_cost: 0 })).body.variation;
    const put = (who: Who, over: Record<string, unknown>, id = v.id, project = motors.id) => w.as<VariationAnswer & ErrorBody>(who, 'PUT', `/api/projects/${project}/variations/${id}`, body(over));
    const res = await put('pm', { title: 'Now with a free part', foc_cost: 75 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Variation Updated');
    expect(res.body.variation).toMatchObject({ title: 'Now with a free part', foc_cost: 75, status: 'pending' });
    await mailWhere((x) => x.to === 'approver@tracker.test' && x.subject === 'Approve Now with a free part (Demo Motors)');
    expect((await put('pm', { title: 'Free again', foc_cost: 0 })).body.variation).toMatchObject({ status: 'approved' });
    for (const [who, status] of [['anonymous', 401], ['dealer', 403], ['varreader', 403], ['am', 403], ['harbour', 404], ['editor', 200]] as Array<[Who, number]>) {
      expect([who, (await put(who, { title: `Edit by ${who}` })).status]).toEqual([who, status]);
    }
    // Through another project's path it is not found.
    expect((await put('pm', {}, v.id, other.id)).status).toBe(404);
    expect((await put('pm', { total_effort: -2 })).status).toBe(400);
    expect((await put('pm', { title: '' })).status).toBe(422);
  });

  it('a decided variation is the record of the decision: no change, no delete (409)', async () => {
    const v = (await raise('pm', motors.id, { title: 'Decided one', foc_cost: 20 })).body.variation;
    expect((await w.as('admin', 'POST', `/api/variations/${v.id}/decision`, { decision: 'approved', revision: v.revision, amount: v.foc_cost })).status).toBe(200);
    const put = await w.as<ErrorBody>('pm', 'PUT', `/api/projects/${motors.id}/variations/${v.id}`, body({ title: 'Sneaky' }));
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(m.variation_already_decided);
    expect((await w.as('admin', 'DELETE', `/api/projects/${motors.id}/variations/${v.id}`)).status).toBe(409);
    expect((await w.db.select().from(variations).where(eq(variations.id, v.id)))[0].title).toBe('Decided one');
  });

  it('deletes one nobody decided (edit projects; tenancy)', async () => {
    const v = (await raise('pm', motors.id, { title: 'To delete', foc_cost: 3 })).body.variation;
    const del = (who: Who, project = motors.id) => w.as<ErrorBody>(who, 'DELETE', `/api/projects/${project}/variations/${v.id}`);
    for (const [who, status] of [['anonymous', 401], ['dealer', 403], ['varreader', 403], ['approver', 403], ['harbour', 404]] as Array<[Who, number]>) {
      expect([who, (await del(who)).status]).toEqual([who, status]);
    }
    expect((await del('pm', other.id)).status).toBe(404);
    const res = await del('pm');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Variation Deleted');
    expect(await w.db.select().from(variations).where(eq(variations.id, v.id))).toHaveLength(0);
    expect((await del('pm')).status).toBe(404);
  });
});

describe('an approval names what it approves (revision and amount) and is never of the approver\'s own figures', () => {
  /** A Demo Motors member whose role holds exactly 'edit projects' and 'approve project tasks', flagged foc_approver. */
  let editingApprover: string;
  beforeAll(async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    await userWithRole(w.db, 'editing-approver@tracker.test', 'Editing Approver', ['edit projects', 'approve project tasks'], hash, { focApprover: true, company: await w.companyId('Demo Motors') });
    editingApprover = (await login(w.server, 'editing-approver@tracker.test')).token;
  });
  const asEditingApprover = <T = VariationAnswer & ErrorBody>(method: string, path: string, payload?: unknown) => call<T>(w.server, method, path, { token: editingApprover, body: payload });
  const put = (id: number, over: Record<string, unknown>) => w.as<VariationAnswer & ErrorBody>('pm', 'PUT', `/api/projects/${motors.id}/variations/${id}`, body(over));

  it('answers a revision that every change moves on', async () => {
    const v = (await raise('pm', motors.id, { title: 'Revised', foc_cost: 40 })).body.variation;
    expect(v.revision).toBe(1);
    const changed = (await put(v.id, { title: 'Revised', foc_cost: 45 })).body.variation;
    expect(changed.revision).toBe(2);
    const listed = (await w.as<Variation[]>('approver', 'GET', `/api/variations?filter=${encodeURIComponent(JSON.stringify({ id: v.id }))}`)).body;
    expect(listed[0]).toMatchObject({ id: v.id, revision: 2, foc_cost: 45 });
  });

  it('an approver who changed the amounts of someone else\'s variation cannot approve them (403), nor is asked to; another approver can', async () => {
    const v = (await raise('pm', motors.id, { title: 'Goodwill banner', foc_cost: 100 })).body.variation;
    const edited = await asEditingApprover('PUT', `/api/projects/${motors.id}/variations/${v.id}`, body({ title: 'Goodwill banner', foc_cost: 5000 }));
    expect(edited.status).toBe(200);
    const mine = edited.body.variation;
    expect(mine).toMatchObject({ foc_cost: 5000, status: 'pending' });
    const own = await asEditingApprover('POST', `/api/variations/${v.id}/decision`, { decision: 'approved', revision: mine.revision, amount: mine.foc_cost });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(m.cannot_approve_own_figures);
    expect((await w.db.select().from(variations).where(eq(variations.id, v.id)))[0]).toMatchObject({ status: 'pending', decidedBy: null });
    // Not in their awaiting list either.
    const awaiting = await asEditingApprover<Variation[]>('GET', '/api/variations?awaiting=me&range=[0,999]');
    expect(awaiting.body.map((x) => x.id)).not.toContain(v.id);
    expect((await w.as<Variation[]>('approver', 'GET', '/api/variations?awaiting=me&range=[0,999]')).body.map((x) => x.id)).toContain(v.id);
    // A change that leaves the amounts as they are does not make the editor their author.
    const other = (await raise('pm', motors.id, { title: 'Typo in title', foc_cost: 30 })).body.variation;
    const retitled = (await asEditingApprover('PUT', `/api/projects/${motors.id}/variations/${other.id}`, body({ title: 'Typo in the title', foc_cost: 30 }))).body.variation;
    expect((await asEditingApprover('POST', `/api/variations/${other.id}/decision`, { decision: 'approved', revision: retitled.revision, amount: 30 })).status).toBe(200);
    // Another approver approves the edited figures, as they read them.
    const ok = await w.as<VariationAnswer>('approver', 'POST', `/api/variations/${v.id}/decision`, { decision: 'approved', revision: mine.revision, amount: 5000 });
    expect(ok.status).toBe(200);
    expect(ok.body.variation).toMatchObject({ status: 'approved', foc_cost: 5000, decided_by: { id: w.ids.approver } });
  });

  it('an approver whose change makes a variation wait for approval is not asked to approve it; the other approvers are', async () => {
    const v = (await raise('pm', motors.id, { title: 'Free until edited', foc_cost: 0 })).body.variation;
    const edited = await asEditingApprover('PUT', `/api/projects/${motors.id}/variations/${v.id}`, body({ title: 'Free until edited', foc_cost: 70 }));
    expect(edited.body.variation).toMatchObject({ status: 'pending', foc_cost: 70 });
    await mailWhere((x) => x.to === 'approver@tracker.test' && x.subject === 'Approve Free until edited (Demo Motors)');
    await sleep(300);
    expect(w.server.mail.messages.filter((x) => x.subject === 'Approve Free until edited (Demo Motors)').map((x) => x.to).sort()).toEqual(['admin@demo.test', 'approver@tracker.test']);
    // Nor in their in-app list.
    const inbox = await asEditingApprover<{ data: Array<{ title: string }> }>('GET', '/api/notifications?per_page=100');
    expect(inbox.body.data.map((n) => n.title)).not.toContain('Approve Free until edited (Demo Motors)');
    expect((await asEditingApprover('POST', `/api/variations/${v.id}/decision`, { decision: 'approved', revision: edited.body.variation.revision, amount: 70 })).status).toBe(403);
  });

  it('a variation changed after the approver read it is a 409, and nothing is decided; the current revision and amount are', async () => {
    const read = (await raise('pm', motors.id, { title: 'Moving target', foc_cost: 100 })).body.variation;
    // The raiser changes the amount after the approver read it.
    const now = (await put(read.id, { title: 'Moving target', foc_cost: 900 })).body.variation;
    expect(now.revision).toBeGreaterThan(read.revision);
    const stale = await w.as<ErrorBody>('approver', 'POST', `/api/variations/${read.id}/decision`, { decision: 'approved', revision: read.revision, amount: read.foc_cost });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(m.variation_changed);
    expect(stale.body.errors?.[0]).toEqual({ detail: m.variation_changed, field: 'revision' });
    // The revision right, the amount not the one stored: refused too.
    const wrongAmount = await w.as<ErrorBody>('approver', 'POST', `/api/variations/${read.id}/decision`, { decision: 'approved', revision: now.revision, amount: 100 });
    expect(wrongAmount.status).toBe(409);
    expect(wrongAmount.body.errors?.[0]).toEqual({ detail: m.variation_changed, field: 'amount' });
    const [row] = await w.db.select().from(variations).where(eq(variations.id, read.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null, decidedAt: null });
    // What is stored now, named: approved, and the record is of 900.
    const ok = await w.as<VariationAnswer>('approver', 'POST', `/api/variations/${read.id}/decision`, { decision: 'approved', revision: now.revision, amount: 900 });
    expect(ok.status).toBe(200);
    expect(ok.body.variation).toMatchObject({ status: 'approved', foc_cost: 900, revision: now.revision });
  });

  it('a decision without its revision or amount, or with a bad one, is a 400', async () => {
    const v = (await raise('pm', motors.id, { title: 'Shapes', foc_cost: 12.5 })).body.variation;
    for (const bad of [
      { decision: 'approved' },
      { decision: 'approved', revision: v.revision },
      { decision: 'approved', amount: 12.5 },
      { decision: 'rejected', note: 'no' },
      { decision: 'approved', revision: 0, amount: 12.5 },
      { decision: 'approved', revision: 1.5, amount: 12.5 },
      { decision: 'approved', revision: v.revision, amount: -1 },
      { decision: 'approved', revision: v.revision, amount: 'lots' },
    ]) {
      expect([bad, (await w.as('approver', 'POST', `/api/variations/${v.id}/decision`, bad)).status]).toEqual([bad, 400]);
    }
    expect((await w.as('approver', 'POST', `/api/variations/${v.id}/decision`, { decision: 'rejected', revision: v.revision, amount: 12.5 })).status).toBe(200);
  });
});
