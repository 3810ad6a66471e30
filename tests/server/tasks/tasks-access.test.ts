// Who may call what under /api/tasks (server/tasks/README.md): the matrix over the demo roles and
// custom roles made with their own role rows, for every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskStage, TaskType } from '../../../contract/tasks';
import { EVERYONE, tasksWorld, type TasksWorld, type Who } from './tasks-helpers';

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld();
});
afterAll(async () => {
  await w?.close();
});

const LIST: Who[] = ['admin', 'pm', 'dev', 'lister', 'editor'];
const BOARD: Who[] = [...LIST, 'am', 'projects'];
const EDIT: Who[] = ['admin', 'pm', 'dev', 'editor'];
const expected = (allowed: Who[], who: Who, ok: number) => (who === 'anonymous' ? 401 : allowed.includes(who) ? ok : 403);

describe('reads', () => {
  it.each(EVERYONE)('%s: GET /tasks needs list or edit tasks; stages, types and icons also view projects; notifications edit tasks', async (who) => {
    expect((await w.as(who, 'GET', '/api/tasks')).status).toBe(expected(LIST, who, 200));
    expect((await w.as(who, 'GET', '/api/tasks/1')).status).toBe(expected(LIST, who, 200));
    expect((await w.as(who, 'GET', '/api/tasks/stages')).status).toBe(expected(BOARD, who, 200));
    expect((await w.as(who, 'GET', '/api/tasks/types')).status).toBe(expected(BOARD, who, 200));
    const types = (await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body;
    expect((await w.as(who, 'GET', types[0].icon_url!)).status).toBe(expected(BOARD, who, 200));
    expect((await w.as(who, 'GET', '/api/tasks/notifications')).status).toBe(expected(EDIT, who, 200));
    expect((await w.as(who, 'GET', '/api/tasks/notifications/1')).status).toBe(expected(EDIT, who, 200));
  });
});

describe('writes', () => {
  it.each(EVERYONE)('%s: every write needs edit tasks', async (who) => {
    const types = (await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body;
    const stage = await w.as<TaskStage>(who, 'POST', '/api/tasks/stages', { name: `Stage of ${who}` });
    expect(stage.status).toBe(expected(EDIT, who, 201));
    const type = await w.as<TaskType>(who, 'POST', '/api/tasks/types', { name: `Type of ${who}` });
    expect(type.status).toBe(expected(EDIT, who, 201));
    const template = await w.as<{ id: number }>(who, 'POST', '/api/tasks', { name: `Template of ${who}`, task_type_id: types[0].id });
    expect(template.status).toBe(expected(EDIT, who, 201));
    const notification = await w.as<{ id: number }>(who, 'POST', '/api/tasks/notifications', { name: `Note of ${who}`, event: 'task_due', recipients: ['assignee'], subject: 'Due: {task}', body: '{task} is due {due}' });
    expect(notification.status).toBe(expected(EDIT, who, 201));
    // The calls on existing rows: the actor's own when it could create, else the admin's.
    const own = async <T extends { id: number }>(reply: { status: number; body: T }, make: () => Promise<{ body: T }>) => (reply.status === 201 ? reply.body.id : (await make()).body.id);
    const stageId = await own(stage, () => w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: `Admin stage for ${who}` }));
    const typeId = await own(type, () => w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: `Admin type for ${who}` }));
    const templateId = await own(template, () => w.as<{ id: number }>('admin', 'POST', '/api/tasks', { name: `Admin template for ${who}`, task_type_id: types[0].id }));
    const noteId = await own(notification, () => w.as<{ id: number }>('admin', 'POST', '/api/tasks/notifications', { name: `Admin note for ${who}`, event: 'task_done', recipients: ['stakeholders'], subject: 'Done', body: 'Done: {task}' }));
    const ok = (code: number) => expected(EDIT, who, code);
    expect((await w.as(who, 'PUT', `/api/tasks/stages/${stageId}`, { colour: '#123456' })).status).toBe(ok(200));
    expect((await w.as(who, 'POST', `/api/tasks/stages/${stageId}/sort`, { to: 1 })).status).toBe(ok(200));
    expect((await w.form(who, 'POST', `/api/tasks/types/${typeId}`, (() => { const f = new FormData(); f.append('name', `Renamed type ${who}`); return f; })())).status).toBe(ok(200));
    expect((await w.as(who, 'POST', `/api/tasks/types/${typeId}/sort`, { to: 1 })).status).toBe(ok(200));
    expect((await w.as(who, 'PUT', `/api/tasks/${templateId}`, { due_days: 12 })).status).toBe(ok(200));
    expect((await w.as(who, 'POST', `/api/tasks/${templateId}/sort`, { to: 1 })).status).toBe(ok(200));
    expect((await w.as(who, 'PUT', `/api/tasks/notifications/${noteId}`, { active: false })).status).toBe(ok(200));
    expect((await w.as(who, 'DELETE', `/api/tasks/notifications/${noteId}`)).status).toBe(ok(200));
    expect((await w.as(who, 'DELETE', `/api/tasks/${templateId}`)).status).toBe(ok(200));
    expect((await w.as(who, 'DELETE', `/api/tasks/types/${typeId}`)).status).toBe(ok(200));
    expect((await w.as(who, 'DELETE', `/api/tasks/stages/${stageId}`)).status).toBe(ok(200));
    if (!EDIT.includes(who)) {
      // Refused writes changed nothing: the admin cleans up what it made.
      for (const [path, id] of [['/api/tasks/notifications', noteId], ['/api/tasks', templateId], ['/api/tasks/types', typeId], ['/api/tasks/stages', stageId]] as const) {
        expect((await w.as('admin', 'DELETE', `${path}/${id}`)).status).toBe(200);
      }
    }
  });
});
