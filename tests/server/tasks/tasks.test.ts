// The task-template API (server/tasks/): demo data, every call with its answer and message, bad
// input as 4xx in the error shape, sorting messages, delete refusals, icons by content and their
// caching. Permissions are tasks-access.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TYPES } from '../../../contract/projects';
import type { Deleted, TaskNotification, TaskStage, TaskTemplate, TaskType } from '../../../contract/tasks';
import { companies, projects, projectTasks, projectTaskTypes, tasks } from '../../../server/db/schema';
import { formOf, pngOf, tasksWorld, type ErrorBody, type TasksWorld } from './tasks-helpers';

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld();
});
afterAll(async () => {
  await w?.close();
});

const db = () => w.server.database.db;
const list = async (query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return w.as<TaskTemplate[]>('admin', 'GET', `/api/tasks?${search}`);
};
const stages = async () => (await w.as<TaskStage[]>('admin', 'GET', '/api/tasks/stages')).body;
const types = async () => (await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body;
const fieldOf = (body: unknown) => (body as ErrorBody).errors?.[0]?.field;

/** A project of a demo company with one task in `stageId` (the tracker's tables, written directly). */
async function projectTaskIn(stageId: number, templateId: number | null = null) {
  const [company] = await db().select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
  const [project] = await db().insert(projects).values({ companyId: company.id, name: `Test launch ${stageId}-${templateId}`, projectType: 'independent', startDate: '2026-01-05' }).returning();
  const [group] = await db().insert(projectTaskTypes).values({ projectId: project.id, name: 'Build', position: 1 }).returning();
  const [task] = await db().insert(projectTasks).values({ projectId: project.id, projectTaskTypeId: group.id, taskId: templateId, name: 'Copied task', stageId, position: 1 }).returning();
  return { project, task };
}

describe('demo data', () => {
  it('has the four stages with Done as the done stage, five types with icons, and the notification templates', async () => {
    const s = await stages();
    expect(s.slice(0, 4).map((x) => [x.name, x.is_done])).toEqual([['To do', false], ['In progress', false], ['Waiting on dealer', false], ['Done', true]]);
    expect(s.every((x) => /^#[0-9a-f]{6}$/.test(x.colour ?? ''))).toBe(true);
    const t = await types();
    expect(t.slice(0, 5).map((x) => x.name)).toEqual(['Onboarding', 'Design', 'Build', 'Content', 'Go-live']);
    expect(t.slice(0, 5).every((x) => x.icon_url?.startsWith(`/api/tasks/types/${x.id}/icon?v=`))).toBe(true);
    const n = (await w.as<TaskNotification[]>('admin', 'GET', '/api/tasks/notifications')).body;
    expect(new Set(n.map((x) => x.event))).toEqual(new Set(['task_due', 'task_overdue', 'task_done', 'variation_pending', 'variation_decided']));
    expect(n.find((x) => x.event === 'task_due')!.recipients).toEqual(['assignee', 'project_manager']);
    expect(n.find((x) => x.event === 'variation_pending')!.recipients).toEqual(['approvers']);
  });

  it('answers the short lists whole, with the Content-Range react-admin reads', async () => {
    for (const [path, resource] of [['/api/tasks/stages', 'tasks/stages'], ['/api/tasks/types', 'tasks/types'], ['/api/tasks/notifications', 'tasks/notifications']]) {
      const r = await w.as<unknown[]>('admin', 'GET', `${path}?sort=${encodeURIComponent('["position","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=%7B%7D`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-range')).toBe(`${resource} 0-${r.body.length - 1}/${r.body.length}`);
      expect((await w.as('admin', 'GET', `${path}?colour=red`)).status).toBe(400);
    }
  });

  it('gives every project type 8 to 15 templates, shared ones included, with the launch milestones', async () => {
    for (const projectType of PROJECT_TYPES) {
      const r = await list({ filter: { project_type: projectType }, range: [0, 99] });
      expect(r.status).toBe(200);
      expect(r.body.length, projectType).toBeGreaterThanOrEqual(8);
      expect(r.body.length, projectType).toBeLessThanOrEqual(15);
      expect(r.body.every((t) => t.project_types.length === 0 || t.project_types.includes(projectType))).toBe(true);
      expect(r.body.some((t) => t.project_types.includes(projectType)), projectType).toBe(true);
    }
    const all = (await list({ range: [0, 99] })).body;
    expect(all.find((t) => t.name === 'Order form signed')).toMatchObject({ trigger: 'agreement_signed', milestone: true });
    expect(all.find((t) => t.name === 'Configuration submitted')).toMatchObject({ trigger: 'config_submitted', milestone: true });
    expect(all.find((t) => t.name === 'Go-live')).toMatchObject({ milestone: true });
    expect(Math.max(...all.map((t) => t.due_days ?? 0))).toBeGreaterThanOrEqual(85);
  });
});

describe('GET /api/tasks', () => {
  it('pages by position with Content-Range, filters q, task_type_id and project_type, and sorts by name', async () => {
    const r = await list({ range: [0, 4] });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toMatch(/^tasks 0-4\/\d+$/);
    expect(r.body.map((t) => t.position)).toEqual([1, 2, 3, 4, 5]);
    expect(r.body[0]).toMatchObject({ name: 'Kick-off call', task_type: { name: 'Onboarding' } });
    expect((await list({ q: 'domain' })).body.map((t) => t.name)).toEqual(['Domain transfer']);
    expect((await list({ filter: { q: 'DOMAIN' } })).body.map((t) => t.name)).toEqual(['Domain transfer']);
    const design = (await types()).find((t) => t.name === 'Design')!;
    const byType = (await list({ filter: { task_type_id: design.id }, range: [0, 99] })).body;
    expect(byType.length).toBeGreaterThan(1);
    expect(byType.every((t) => t.task_type_id === design.id)).toBe(true);
    const leasing = (await list({ filter: { project_type: 'leasing' }, range: [0, 99] })).body.map((t) => t.name);
    expect(leasing).toContain('Leasing quote engine connected');
    expect(leasing).toContain('Kick-off call');
    expect(leasing).not.toContain('Stock feed connected');
    const names = (await list({ sort: ['name', 'ASC'], range: [0, 99] })).body.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('refuses a bad sort, filter or range with a 400 naming it', async () => {
    for (const [query, field] of [[{ sort: ['cost', 'ASC'] }, 'sort'], [{ filter: { colour: 'red' } }, 'filter.colour'], [{ filter: { project_type: 'boat' } }, 'filter.project_type'], [{ range: [5, 1] }, 'range'], [{ nope: '1' }, 'nope']] as const) {
      const r = await list(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(fieldOf(r.body) ?? (r.body as unknown as ErrorBody).message).toContain(field);
    }
  });
});

describe('templates', () => {
  it('creates at the end, updates the fields sent, reads one, and deletes it leaving the projects\' copies', async () => {
    const build = (await types()).find((t) => t.name === 'Build')!;
    const before = Number((await list()).headers.get('content-range')!.split('/')[1]);
    expect((await w.as('pm', 'POST', '/api/tasks', { name: 'Twice', task_type_id: build.id, project_types: ['stock', 'stock'] })).status).toBe(400);
    const created = await w.as<TaskTemplate>('pm', 'POST', '/api/tasks', { name: '  Click & collect set up ', task_type_id: build.id, project_types: ['stock'], due_days: 45, milestone: false, trigger: null, description: 'Reserve online' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Click & collect set up', position: before + 1, project_types: ['stock'], due_days: 45, message: 'Task Created', task_type: { id: build.id, name: 'Build' } });
    const updated = await w.as<TaskTemplate>('pm', 'PUT', `/api/tasks/${created.body.id}`, { milestone: true, trigger: 'config_submitted', project_types: [] });
    expect(updated.body).toMatchObject({ name: 'Click & collect set up', milestone: true, trigger: 'config_submitted', project_types: [], due_days: 45, message: 'Task Updated' });
    expect((await w.as<TaskTemplate>('lister', 'GET', `/api/tasks/${created.body.id}`)).body).toMatchObject({ id: created.body.id, milestone: true });
    const { task } = await projectTaskIn((await stages())[0].id, created.body.id);
    const gone = await w.as<Deleted>('pm', 'DELETE', `/api/tasks/${created.body.id}`);
    expect(gone.body).toEqual({ id: created.body.id, name: 'Click & collect set up', message: 'Task Deleted' });
    const [copy] = await db().select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(copy).toMatchObject({ name: 'Copied task', taskId: null });
    expect((await w.as('pm', 'GET', `/api/tasks/${created.body.id}`)).status).toBe(404);
    expect((await w.as('pm', 'DELETE', `/api/tasks/${created.body.id}`)).status).toBe(404);
    expect((await w.as('pm', 'PUT', '/api/tasks/abc', { name: 'x' })).status).toBe(404);
    const positions = (await db().select({ p: tasks.position }).from(tasks).orderBy(tasks.position)).map((r) => r.p);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
  });

  it('refuses bad input with 400 (shape) and 422 (meaning), naming the field, and writes nothing', async () => {
    const typeId = (await types())[0].id;
    const count = async () => Number((await list()).headers.get('content-range')!.split('/')[1]);
    const before = await count();
    const cases: Array<[unknown, number, string]> = [
      [{ name: 'No type' }, 400, 'task_type_id'],
      [{ name: 'Bad days', task_type_id: typeId, due_days: 4000 }, 400, 'due_days'],
      [{ name: 'Bad days', task_type_id: typeId, due_days: -1 }, 400, 'due_days'],
      [{ name: 'Bad type', task_type_id: typeId, project_types: ['boat'] }, 400, 'project_types'],
      [{ name: 'Bad trigger', task_type_id: typeId, trigger: 'payment' }, 400, 'trigger'],
      [{ name: 'Extra', task_type_id: typeId, colour: 'red' }, 400, 'colour'],
      [{ name: '   ', task_type_id: typeId }, 422, 'name'],
      [{ name: 'Unknown type', task_type_id: 99999 }, 422, 'task_type_id'],
    ];
    for (const [body, status, field] of cases) {
      const r = await w.as('admin', 'POST', '/api/tasks', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(r.body), JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await w.as('admin', 'PUT', '/api/tasks/1', { task_type_id: 99999 })).status).toBe(422);
  });

  it('sorts with the spec\'s messages and keeps positions 1..N', async () => {
    const first = (await list({ range: [0, 0] })).body[0];
    const total = Number((await list()).headers.get('content-range')!.split('/')[1]);
    const low = await w.as<ErrorBody>('admin', 'POST', `/api/tasks/${first.id}/sort`, { to: 0 });
    expect(low.status).toBe(422);
    expect(low.body).toEqual({ message: 'Value must be more than 0', errors: [{ detail: 'Value must be more than 0', field: 'to' }] });
    const high = await w.as<ErrorBody>('admin', 'POST', `/api/tasks/${first.id}/sort`, { to: total + 1 });
    expect(high.status).toBe(422);
    expect(high.body.message).toBe(`Value cannot be more than ${total}`);
    const moved = await w.as<TaskTemplate>('admin', 'POST', `/api/tasks/${first.id}/sort`, { to: 3 });
    expect(moved.body).toMatchObject({ id: first.id, position: 3, message: 'Task Updated' });
    const top = (await list({ range: [0, 3] })).body;
    expect(top[2].id).toBe(first.id);
    expect(top.map((t) => t.position)).toEqual([1, 2, 3, 4]);
    await w.as('admin', 'POST', `/api/tasks/${first.id}/sort`, { to: 1 });
    expect((await list({ range: [0, 0] })).body[0].id).toBe(first.id);
    expect((await w.as('admin', 'POST', `/api/tasks/${first.id}/sort`, { to: 'x' })).status).toBe(400);
  });
});

describe('concurrent sorting', () => {
  it('keeps positions 1..N when many moves of templates, stages and types run at once', async () => {
    const templates = (await list({ range: [0, 9] })).body;
    const moves = templates.map((t, i) => w.as('admin', 'POST', `/api/tasks/${t.id}/sort`, { to: ((i * 7) % 10) + 1 }));
    const s = await stages();
    const t = await types();
    moves.push(...s.map((x, i) => w.as('admin', 'POST', `/api/tasks/stages/${x.id}/sort`, { to: s.length - i })));
    moves.push(...t.map((x, i) => w.as('admin', 'POST', `/api/tasks/types/${x.id}/sort`, { to: ((i + 2) % t.length) + 1 })));
    const answers = await Promise.all(moves);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const positions = (await db().select({ p: tasks.position }).from(tasks).orderBy(tasks.position)).map((r) => r.p);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    expect((await stages()).map((x) => x.position)).toEqual(s.map((_, i) => i + 1));
    expect((await types()).map((x) => x.position)).toEqual(t.map((_, i) => i + 1));
  });
});

describe('stages', () => {
  it('creates, renames, recolours and sorts; names are unique in any case', async () => {
    const created = await w.as<TaskStage>('editor', 'POST', '/api/tasks/stages', { name: 'Snagging', colour: '#aa00ff' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Snagging', is_done: false, colour: '#aa00ff', task_count: 0, message: 'Stage Created' });
    expect(created.body.position).toBe((await stages()).length);
    const clash = await w.as<ErrorBody>('editor', 'POST', '/api/tasks/stages', { name: 'in PROGRESS' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([{ detail: 'A stage with that name already exists.', field: 'name' }]);
    expect((await w.as('editor', 'PUT', `/api/tasks/stages/${created.body.id}`, { name: 'done' })).status).toBe(409);
    expect((await w.as('editor', 'PUT', `/api/tasks/stages/${created.body.id}`, { colour: 'purple' })).status).toBe(400);
    expect((await w.as('editor', 'POST', '/api/tasks/stages', { name: '' })).status).toBe(400);
    expect((await w.as('editor', 'POST', '/api/tasks/stages', { name: ' \u202E ' })).status).toBe(422);
    const renamed = await w.as<TaskStage>('editor', 'PUT', `/api/tasks/stages/${created.body.id}`, { name: 'Snagging list', colour: null });
    expect(renamed.body).toMatchObject({ name: 'Snagging list', colour: null, message: 'Stage Updated' });
    const sorted = await w.as<TaskStage>('editor', 'POST', `/api/tasks/stages/${created.body.id}/sort`, { to: 2 });
    expect(sorted.body.position).toBe(2);
    expect((await stages()).map((s) => s.position)).toEqual((await stages()).map((_, i) => i + 1));
    const n = (await stages()).length;
    expect((await w.as<ErrorBody>('editor', 'POST', `/api/tasks/stages/${created.body.id}/sort`, { to: n + 1 })).body.message).toBe(`Value cannot be more than ${n}`);
    expect((await w.as<ErrorBody>('editor', 'POST', `/api/tasks/stages/${created.body.id}/sort`, { to: -2 })).body.message).toBe('Value must be more than 0');
    const gone = await w.as<Deleted>('editor', 'DELETE', `/api/tasks/stages/${created.body.id}`);
    expect(gone.body).toMatchObject({ name: 'Snagging list', message: 'Stage Deleted' });
    expect((await stages()).map((s) => s.position)).toEqual((await stages()).map((_, i) => i + 1));
  });

  it('refuses to delete a stage that project tasks are in, and to lose the last done stage', async () => {
    const held = (await w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: 'Held' })).body;
    const { project } = await projectTaskIn(held.id);
    expect((await stages()).find((s) => s.id === held.id)!.task_count).toBe(1);
    const refused = await w.as<ErrorBody>('admin', 'DELETE', `/api/tasks/stages/${held.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Project tasks are in this stage. Move them to another stage first.');
    await db().delete(projects).where(eq(projects.id, project.id));
    expect((await w.as('admin', 'DELETE', `/api/tasks/stages/${held.id}`)).status).toBe(200);

    const done = (await stages()).filter((s) => s.is_done);
    expect(done).toHaveLength(1);
    const unflag = await w.as<ErrorBody>('admin', 'PUT', `/api/tasks/stages/${done[0].id}`, { is_done: false });
    expect(unflag.status).toBe(409);
    expect(unflag.body.errors?.[0]).toEqual({ detail: 'A board needs a done stage: this is the last one.', field: 'is_done' });
    // A second done stage lets the first go.
    const closed = (await w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: 'Closed', is_done: true })).body;
    expect((await w.as('admin', 'PUT', `/api/tasks/stages/${done[0].id}`, { is_done: false })).status).toBe(200);
    expect((await w.as('admin', 'DELETE', `/api/tasks/stages/${closed.id}`)).status).toBe(409);
    expect((await w.as('admin', 'PUT', `/api/tasks/stages/${done[0].id}`, { is_done: true })).status).toBe(200);
    expect((await w.as('admin', 'DELETE', `/api/tasks/stages/${closed.id}`)).status).toBe(200);
    expect((await w.as('admin', 'DELETE', '/api/tasks/stages/99999')).status).toBe(404);
  });
});

describe('types and icons', () => {
  it('creates from JSON or multipart, stores the icon as a 64 px PNG, replaces, removes and sorts', async () => {
    const plain = await w.as<TaskType>('editor', 'POST', '/api/tasks/types', { name: 'Training' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ name: 'Training', icon_url: null, template_count: 0, message: 'Type Created' });
    const withIcon = await w.form<TaskType>('editor', 'POST', '/api/tasks/types', formOf({ name: 'Photography', file: await pngOf(300) }));
    expect(withIcon.status).toBe(201);
    // The kept list answer ends with a multipart write too.
    expect((await types()).map((t) => t.name)).toContain('Photography');
    expect(withIcon.body.icon_url).toMatch(new RegExp(`^/api/tasks/types/${withIcon.body.id}/icon\\?v=[0-9a-f]{16}$`));
    const icon = await fetch(`${w.server.url}${withIcon.body.icon_url}`, { headers: { authorization: `Bearer ${w.tokens.projects}` } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await icon.arrayBuffer());
    const sharp = (await import('sharp')).default;
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    // Another or no version is asked again; the ETag answers 304.
    const stale = await fetch(`${w.server.url}/api/tasks/types/${withIcon.body.id}/icon?v=old`, { headers: { authorization: `Bearer ${w.tokens.admin}` } });
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${w.server.url}${withIcon.body.icon_url}`, { headers: { authorization: `Bearer ${w.tokens.admin}`, 'if-none-match': icon.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const replaced = await w.form<TaskType>('editor', 'POST', `/api/tasks/types/${withIcon.body.id}`, formOf({ file: await pngOf(40, '#1976d2') }));
    expect(replaced.body).toMatchObject({ name: 'Photography', message: 'Type Updated' });
    expect(replaced.body.icon_url).not.toBe(withIcon.body.icon_url);
    const renamed = await w.form<TaskType>('editor', 'POST', `/api/tasks/types/${withIcon.body.id}`, formOf({ name: 'Photo shoot' }));
    expect(renamed.body).toMatchObject({ name: 'Photo shoot', icon_url: replaced.body.icon_url });
    const removed = await w.form<TaskType>('editor', 'POST', `/api/tasks/types/${withIcon.body.id}`, formOf({ remove_icon: 'true' }));
    expect(removed.body.icon_url).toBeNull();
    expect((await w.as('admin', 'GET', `/api/tasks/types/${withIcon.body.id}/icon`)).status).toBe(404);

    const sorted = await w.as<TaskType>('editor', 'POST', `/api/tasks/types/${plain.body.id}/sort`, { to: 1 });
    expect(sorted.body.position).toBe(1);
    expect((await types())[0].id).toBe(plain.body.id);
    const n = (await types()).length;
    expect((await w.as<ErrorBody>('editor', 'POST', `/api/tasks/types/${plain.body.id}/sort`, { to: n + 5 })).body.message).toBe(`Value cannot be more than ${n}`);
    expect((await w.as<ErrorBody>('editor', 'POST', `/api/tasks/types/${plain.body.id}/sort`, { to: 0 })).body.message).toBe('Value must be more than 0');
    await w.as('editor', 'POST', `/api/tasks/types/${plain.body.id}/sort`, { to: n });
    expect((await w.as('editor', 'DELETE', `/api/tasks/types/${plain.body.id}`)).body).toMatchObject({ message: 'Type Deleted' });
    expect((await w.as('editor', 'DELETE', `/api/tasks/types/${withIcon.body.id}`)).status).toBe(200);
  });

  it('refuses an HTML page named icon.png, an SVG, a PDF, an empty file, stray fields, and a name taken in any case', async () => {
    const before = (await types()).length;
    const html = await w.form<ErrorBody>('admin', 'POST', '/api/tasks/types', formOf({ name: 'Sneaky', file: Buffer.from('<!doctype html><script>alert(1)</script>') }, 'icon.png'));
    expect(html.status).toBe(415);
    expect(html.body.errors?.[0].field).toBe('file');
    const svg = await w.form('admin', 'POST', '/api/tasks/types', formOf({ name: 'Vector', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, 'icon.svg'));
    expect(svg.status).toBe(415);
    const pdf = await w.form<ErrorBody>('admin', 'POST', '/api/tasks/types', formOf({ name: 'Paper', file: Buffer.from('%PDF-1.7\n%%EOF') }, 'icon.pdf'));
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toBe('The icon must be an image (JPEG, PNG, WebP or GIF).');
    expect((await w.form('admin', 'POST', '/api/tasks/types', formOf({ name: 'Empty', file: Buffer.alloc(0) }))).status).toBe(422);
    const broken = Buffer.concat([(await pngOf(50)).subarray(0, 30)]);
    expect((await w.form('admin', 'POST', '/api/tasks/types', formOf({ name: 'Broken', file: broken }))).status).toBe(422);
    const stray = await w.form<ErrorBody>('admin', 'POST', '/api/tasks/types', formOf({ name: 'Stray', colour: 'red' }));
    expect(stray.status).toBe(400);
    expect(stray.body.errors?.[0].field).toBe('colour');
    const taken = await w.form<ErrorBody>('admin', 'POST', '/api/tasks/types', formOf({ name: 'DESIGN', file: await pngOf(64) }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]).toEqual({ detail: 'A type with that name already exists.', field: 'name' });
    expect((await w.as('admin', 'POST', '/api/tasks/types', { name: 'design' })).status).toBe(409);
    expect((await w.as('admin', 'POST', '/api/tasks/types', { name: 'x', icon: 'data' })).status).toBe(400);
    expect((await w.as('admin', 'POST', '/api/tasks/types/1', { name: 'JSON' })).status).toBe(400);
    expect((await types()).length).toBe(before);
  });

  it('refuses to delete a type that templates use', async () => {
    const design = (await types()).find((t) => t.name === 'Design')!;
    expect(design.template_count).toBeGreaterThan(0);
    const r = await w.as<ErrorBody>('admin', 'DELETE', `/api/tasks/types/${design.id}`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Task templates use this type. Move them to another type first.');
  });
});

describe('notification templates', () => {
  const valid = { name: 'Build overdue', event: 'task_overdue', recipients: ['project_manager', 'account_manager'], subject: 'Overdue: {task}', body: '{task} for {company} was due {due}. {link}' };

  it('creates, narrows a task event to a type, updates and deletes', async () => {
    const build = (await types()).find((t) => t.name === 'Build')!;
    const created = await w.as<TaskNotification>('editor', 'POST', '/api/tasks/notifications', { ...valid, task_type_id: build.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, task_type_id: build.id, active: true, message: 'Notification Created' });
    const off = await w.as<TaskNotification>('editor', 'PUT', `/api/tasks/notifications/${created.body.id}`, { active: false, recipients: ['assignee'] });
    expect(off.body).toMatchObject({ active: false, recipients: ['assignee'], task_type_id: build.id, message: 'Notification Updated' });
    // A variation event cannot keep a task type: it goes with the change.
    const moved = await w.as<TaskNotification>('editor', 'PUT', `/api/tasks/notifications/${created.body.id}`, { event: 'variation_pending', subject: 'Approve {variation}', body: 'Please approve {variation} on {project}: {link}' });
    expect(moved.body).toMatchObject({ event: 'variation_pending', task_type_id: null });
    const gone = await w.as<Deleted>('editor', 'DELETE', `/api/tasks/notifications/${created.body.id}`);
    expect(gone.body).toEqual({ id: created.body.id, name: 'Build overdue', message: 'Notification Deleted' });
    expect((await w.as('editor', 'GET', `/api/tasks/notifications/${created.body.id}`)).status).toBe(404);
  });

  it('refuses unknown placeholders on the field naming them, and other bad input', async () => {
    const typo = await w.as<ErrorBody>('admin', 'POST', '/api/tasks/notifications', { ...valid, body: 'Hello {projcet}' });
    expect(typo.status).toBe(422);
    expect(typo.body.errors?.[0]).toEqual({ detail: 'Unknown placeholder {projcet}: use {project}, {company}, {task}, {due}, {variation} or {link}.', field: 'body' });
    expect(fieldOf((await w.as('admin', 'POST', '/api/tasks/notifications', { ...valid, subject: '{Task}' })).body)).toBe('subject');
    const cases: Array<[unknown, number, string]> = [
      [{ ...valid, recipients: [] }, 400, 'recipients'],
      [{ ...valid, recipients: ['ceo'] }, 400, 'recipients'],
      [{ ...valid, event: 'task_started' }, 400, 'event'],
      [{ ...valid, subject: '' }, 400, 'subject'],
      [{ ...valid, subject: '   ' }, 422, 'subject'],
      [{ ...valid, event: 'variation_decided', task_type_id: 1 }, 422, 'task_type_id'],
      [{ ...valid, task_type_id: 99999 }, 422, 'task_type_id'],
      [{ ...valid, extra: true }, 400, 'extra'],
    ];
    for (const [body, status, field] of cases) {
      const r = await w.as('admin', 'POST', '/api/tasks/notifications', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    expect((await w.as('admin', 'PUT', '/api/tasks/notifications/1', { body: 'Hi {name}' })).status).toBe(422);
    expect((await w.as('admin', 'PUT', '/api/tasks/notifications/99999', { active: true })).status).toBe(404);
  });
});
