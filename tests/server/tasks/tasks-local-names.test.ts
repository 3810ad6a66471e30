// A data word's text per locale (issue 54, contract/names.ts) on the task templates' records: stages,
// types (JSON and multipart) and templates take `names` where they are created and edited, refuse
// what is not a portal locale's text with a 422 on `names` or `names.<locale>` (writing nothing),
// and `{}` clears them. A project's task groups and tasks are copies: they answer with their
// source's names while they keep its name, and with none once renamed (or made in the project).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskStage, TaskTemplate, TaskType } from '../../../contract/tasks';
import type { ProjectDetail, ProjectTask, ProjectTaskAnswer } from '../../../contract/tracker';
import { companies } from '../../../server/db/schema';
import { expectRefused, LONGEST_NAMES, NAMES_WORDS, REFUSED_NAMES, SENT_NAMES, STORED_NAMES } from '../local-names-cases';
import { formOf, pngOf, tasksWorld, type TasksWorld } from './tasks-helpers';

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld();
});
afterAll(async () => {
  await w?.close();
});

const stage = async (id: number) => (await w.as<TaskStage>('admin', 'GET', `/api/tasks/stages/${id}`)).body;
const type = async (id: number) => (await w.as<TaskType>('admin', 'GET', `/api/tasks/types/${id}`)).body;
let serial = 0;
/** A name no other record of the file has. */
const unique = (word: string) => `${word} ${++serial}`;
const template = async (id: number) => (await w.as<TaskTemplate>('admin', 'GET', `/api/tasks/${id}`)).body;

describe('task stages', () => {
  it('are created with names, cleaned and in the locales order, read back, replaced whole and cleared by {}', async () => {
    const made = await w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: 'Local review', names: SENT_NAMES });
    expect(made.status).toBe(201);
    expect(made.body.names).toEqual(STORED_NAMES);
    expect(Object.keys(made.body.names)).toEqual(['fr-FR', 'nl-NL', 'en-ZA']);
    expect((await stage(made.body.id)).names).toEqual(STORED_NAMES);
    expect((await w.as<TaskStage[]>('admin', 'GET', '/api/tasks/stages')).body.find((s) => s.id === made.body.id)!.names).toEqual(STORED_NAMES);

    // A write without names keeps them; one with names replaces the whole set.
    const renamed = await w.as<TaskStage>('admin', 'PUT', `/api/tasks/stages/${made.body.id}`, { name: 'Local reviews' });
    expect(renamed.body.names).toEqual(STORED_NAMES);
    const replaced = await w.as<TaskStage>('admin', 'PUT', `/api/tasks/stages/${made.body.id}`, { names: LONGEST_NAMES });
    expect([replaced.status, replaced.body.names, replaced.body.name]).toEqual([200, LONGEST_NAMES, 'Local reviews']);
    const cleared = await w.as<TaskStage>('admin', 'PUT', `/api/tasks/stages/${made.body.id}`, { names: {} });
    expect([cleared.status, cleared.body.names]).toEqual([200, {}]);
  });

  it('answer {} for a stage given none, the demo ones included', async () => {
    const made = await w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: 'No names here' });
    expect(made.body.names).toEqual({});
    expect((await w.as<TaskStage[]>('admin', 'GET', '/api/tasks/stages')).body.every((s) => s.names !== undefined)).toBe(true);
  });

  it.each(REFUSED_NAMES)('refuse %s with a 422 on the field, writing nothing', async (_what, names, field, detail) => {
    const created = await w.as('admin', 'POST', '/api/tasks/stages', { name: unique('Refused'), names });
    expectRefused(created.status, created.body, `names${field}`, detail);
    expect((await w.as<TaskStage[]>('admin', 'GET', '/api/tasks/stages')).body.some((s) => s.name.startsWith('Refused'))).toBe(false);

    const kept = (await w.as<TaskStage>('admin', 'POST', '/api/tasks/stages', { name: unique('Kept'), names: { 'fr-FR': 'Gardé' } })).body;
    const updated = await w.as('admin', 'PUT', `/api/tasks/stages/${kept.id}`, { name: 'Changed too', names });
    expectRefused(updated.status, updated.body, `names${field}`, detail);
    expect(await stage(kept.id)).toMatchObject({ name: kept.name, names: { 'fr-FR': 'Gardé' }, updated_at: kept.updated_at });
  });
});

describe('task types', () => {
  it('take names as JSON and, in the multipart form, as JSON text beside the icon', async () => {
    const json = await w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: 'Translations', names: SENT_NAMES });
    expect([json.status, json.body.names]).toEqual([201, STORED_NAMES]);
    expect((await type(json.body.id)).names).toEqual(STORED_NAMES);

    const form = await w.form<TaskType>('admin', 'POST', '/api/tasks/types', formOf({ name: 'Photography', names: JSON.stringify({ 'fr-FR': 'Photographie' }), file: await pngOf() }));
    expect([form.status, form.body.names, form.body.icon_url !== null]).toEqual([201, { 'fr-FR': 'Photographie' }, true]);

    const updated = await w.form<TaskType>('admin', 'POST', `/api/tasks/types/${form.body.id}`, formOf({ names: JSON.stringify({ 'nl-NL': 'Fotografie' }) }));
    expect([updated.status, updated.body.names, updated.body.name]).toEqual([200, { 'nl-NL': 'Fotografie' }, 'Photography']);
    // Only the icon: the names stay.
    const icon = await w.form<TaskType>('admin', 'POST', `/api/tasks/types/${form.body.id}`, formOf({ remove_icon: 'true' }));
    expect([icon.body.names, icon.body.icon_url]).toEqual([{ 'nl-NL': 'Fotografie' }, null]);
    const longest = await w.form<TaskType>('admin', 'POST', `/api/tasks/types/${form.body.id}`, formOf({ names: JSON.stringify(LONGEST_NAMES) }));
    expect(longest.body.names).toEqual(LONGEST_NAMES);
    const cleared = await w.form<TaskType>('admin', 'POST', `/api/tasks/types/${form.body.id}`, formOf({ names: '{}' }));
    expect(cleared.body.names).toEqual({});
  });

  it.each(REFUSED_NAMES)('refuse %s (JSON and multipart) with a 422 on the field, writing nothing', async (_what, names, field, detail) => {
    const before = (await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body.length;
    const json = await w.as('admin', 'POST', '/api/tasks/types', { name: 'Refused type', names });
    expectRefused(json.status, json.body, `names${field}`, detail);
    const form = await w.form('admin', 'POST', '/api/tasks/types', formOf({ name: 'Refused type', names: JSON.stringify(names), file: await pngOf() }));
    expectRefused(form.status, form.body, `names${field}`, detail);
    expect((await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body.length).toBe(before);

    const kept = (await w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: unique('Kept type'), names: { 'nl-NL': 'Bewaard' } })).body;
    const updated = await w.form('admin', 'POST', `/api/tasks/types/${kept.id}`, formOf({ name: 'Renamed too', names: JSON.stringify(names), file: await pngOf() }));
    expectRefused(updated.status, updated.body, `names${field}`, detail);
    expect(await type(kept.id)).toMatchObject({ name: kept.name, names: { 'nl-NL': 'Bewaard' }, icon_url: null, updated_at: kept.updated_at });
  });

  it('refuse a multipart names that is not JSON, and one spelling out a NUL (the input guard\'s 400, as for a JSON body)', async () => {
    const r = await w.form('admin', 'POST', '/api/tasks/types', formOf({ name: 'Not JSON', names: 'fr-FR=Pas du JSON' }));
    expectRefused(r.status, r.body, 'names', NAMES_WORDS.notObject);
    const nul = await w.form<{ errors: Array<{ field: string }> }>('admin', 'POST', '/api/tasks/types', formOf({ name: 'NUL names', names: '{"fr-FR": "a\\u0000b"}' }));
    expect([nul.status, nul.body.errors[0].field]).toEqual([400, 'names.fr-FR']);
    const json = await w.as<{ errors: Array<{ field: string }> }>('admin', 'POST', '/api/tasks/types', { name: 'NUL names', names: { 'fr-FR': 'a\u0000b' } });
    expect([json.status, json.body.errors[0].field]).toEqual([400, 'names.fr-FR']);
    expect((await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body.some((t) => t.name === 'NUL names')).toBe(false);
  });
});

describe('task templates', () => {
  it('are created with names, carry their type names, and are replaced and cleared', async () => {
    const t = (await w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: 'Template names', names: { 'fr-FR': 'Noms des modèles' } })).body;
    const made = await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: 'Translate the menu', task_type_id: t.id, names: SENT_NAMES });
    expect(made.status).toBe(201);
    expect(made.body.names).toEqual(STORED_NAMES);
    expect(made.body.task_type).toMatchObject({ id: t.id, name: 'Template names', names: { 'fr-FR': 'Noms des modèles' } });
    expect((await template(made.body.id)).names).toEqual(STORED_NAMES);
    const listed = (await w.as<TaskTemplate[]>('admin', 'GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ id: [made.body.id] }))}`)).body;
    expect(listed.map((x) => x.names)).toEqual([STORED_NAMES]);

    const kept = await w.as<TaskTemplate>('admin', 'PUT', `/api/tasks/${made.body.id}`, { milestone: true });
    expect(kept.body.names).toEqual(STORED_NAMES);
    const replaced = await w.as<TaskTemplate>('admin', 'PUT', `/api/tasks/${made.body.id}`, { names: { 'nl-BE': 'Vertaal het menu' } });
    expect(replaced.body.names).toEqual({ 'nl-BE': 'Vertaal het menu' });
    const cleared = await w.as<TaskTemplate>('admin', 'PUT', `/api/tasks/${made.body.id}`, { names: {} });
    expect(cleared.body.names).toEqual({});
  });

  it.each(REFUSED_NAMES)('refuse %s with a 422 on the field, writing nothing', async (_what, names, field, detail) => {
    const [t] = (await w.as<TaskType[]>('admin', 'GET', '/api/tasks/types')).body;
    const created = await w.as('admin', 'POST', '/api/tasks', { name: 'Refused template', task_type_id: t.id, names });
    expectRefused(created.status, created.body, `names${field}`, detail);
    expect((await w.as<TaskTemplate[]>('admin', 'GET', `/api/tasks?q=Refused`)).body).toEqual([]);

    const kept = (await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: 'Kept template', task_type_id: t.id, names: { 'fr-FR': 'Modèle gardé' } })).body;
    const updated = await w.as('admin', 'PUT', `/api/tasks/${kept.id}`, { name: 'Renamed too', due_days: 9, names });
    expectRefused(updated.status, updated.body, `names${field}`, detail);
    expect(await template(kept.id)).toMatchObject({ name: 'Kept template', names: { 'fr-FR': 'Modèle gardé' }, due_days: kept.due_days, updated_at: kept.updated_at });
  });
});

describe("a project's copies", () => {
  let typeId: number;
  let templateId: number;
  let project: ProjectDetail;
  const groupOf = (p: ProjectDetail) => p.task_types.find((g) => g.task_type_id === typeId)!;
  const tasksOf = async () => (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${project.id}/tasks`)).body;
  const copy = async () => (await tasksOf()).find((t) => t.task_id === templateId)!;
  const detail = async () => (await w.as<ProjectDetail>('pm', 'GET', `/api/projects/${project.id}`)).body;

  beforeAll(async () => {
    const t = (await w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: 'Copied names', names: { 'fr-FR': 'Noms copiés', 'nl-NL': 'Gekopieerde namen' } })).body;
    typeId = t.id;
    templateId = (await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: 'Copied task', task_type_id: t.id, project_types: ['other'], names: { 'fr-FR': 'Tâche copiée' } })).body.id;
    // A template without names beside it: its copy answers {}.
    await w.as('admin', 'POST', '/api/tasks', { name: 'Copied without names', task_type_id: t.id, project_types: ['other'] });
    const [motors] = await w.server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const made = await w.as<ProjectDetail>('pm', 'POST', '/api/projects', { company_id: motors.id, project_type: 'other' });
    expect(made.status).toBe(201);
    project = made.body;
  });

  it("carry their source's names: the group in the project and its groups list, the tasks on the board and in their group", async () => {
    expect(groupOf(project)).toMatchObject({ name: 'Copied names', names: { 'fr-FR': 'Noms copiés', 'nl-NL': 'Gekopieerde namen' } });
    const groups = (await w.as<ProjectDetail['task_types']>('pm', 'GET', `/api/projects/${project.id}/types`)).body;
    expect(groups.find((g) => g.task_type_id === typeId)!.names).toEqual({ 'fr-FR': 'Noms copiés', 'nl-NL': 'Gekopieerde namen' });
    const board = await tasksOf();
    expect(board.find((t) => t.task_id === templateId)!.names).toEqual({ 'fr-FR': 'Tâche copiée' });
    expect(board.find((t) => t.name === 'Copied without names')!.names).toEqual({});
    const group = (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${project.id}/${groupOf(project).id}/tasks`)).body;
    expect(group.find((t) => t.task_id === templateId)!.names).toEqual({ 'fr-FR': 'Tâche copiée' });
    // Other groups (the demo types) carry theirs: {} as none were given.
    expect(project.task_types.every((g) => g.names !== undefined)).toBe(true);
  });

  it('follow the source when its names change, and carry none once the copy or the source is renamed', async () => {
    await w.as('admin', 'PUT', `/api/tasks/${templateId}`, { names: { 'nl-NL': 'Gekopieerde taak' } });
    expect((await copy()).names).toEqual({ 'nl-NL': 'Gekopieerde taak' });

    // Renamed in the project: the template's words are another word's.
    const renamed = await w.as<ProjectTaskAnswer>('pm', 'PUT', `/api/projects/${project.id}/tasks/${(await copy()).id}`, { name: 'Our own task' });
    expect([renamed.status, renamed.body.task.names]).toEqual([200, {}]);
    expect((await copy()).names).toEqual({});
    // Back to the template's name: its words again.
    await w.as('pm', 'PUT', `/api/projects/${project.id}/tasks/${(await copy()).id}`, { name: 'Copied task' });
    expect((await copy()).names).toEqual({ 'nl-NL': 'Gekopieerde taak' });
    // The template renamed: the copy keeps the old word, so no longer the template's words.
    await w.as('admin', 'PUT', `/api/tasks/${templateId}`, { name: 'Copied task, renamed' });
    expect((await copy()).names).toEqual({});

    const group = groupOf(project);
    const regrouped = await w.as<{ group: ProjectDetail['task_types'][number] }>('pm', 'PUT', `/api/projects/${project.id}/types/${group.id}`, { name: 'Our own group' });
    expect([regrouped.status, regrouped.body.group.names]).toEqual([200, {}]);
    expect(groupOf(await detail()).names).toEqual({});
  });

  it("the task a project names as next due carries its template's names: the project, the projects list, the company dashboard and the dealer's view", async () => {
    const due = (await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: unique('Due first'), task_type_id: typeId, project_types: ['other'], milestone: true, names: { 'fr-FR': 'À rendre d’abord' } })).body;
    const [motors] = await w.server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const made = (await w.as<ProjectDetail>('pm', 'POST', '/api/projects', { company_id: motors.id, project_type: 'other' })).body;
    const copied = (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${made.id}/tasks`)).body.find((t) => t.task_id === due.id)!;
    // Due before any other task of the project: the next due everywhere.
    expect((await w.as('pm', 'PUT', `/api/projects/${made.id}/tasks/${copied.id}`, { due_date: '2020-01-06' })).status).toBe(200);
    const words = { name: due.name, names: { 'fr-FR': 'À rendre d’abord' } };

    const detail = (await w.as<ProjectDetail>('pm', 'GET', `/api/projects/${made.id}`)).body;
    expect(detail.next_due[0]).toMatchObject(words);
    const listed = await w.as<Array<{ id: number; next_due: { name: string; names: object } | null }>>('pm', 'GET', `/api/projects?q=${encodeURIComponent(made.name)}`);
    expect(listed.status, listed.text).toBe(200);
    const list = listed.body;
    expect(list.find((p) => p.id === made.id)!.next_due).toMatchObject(words);
    const dashboard = (await w.as<{ projects: Array<{ id: number; next_due: { name: string; names: object } | null }> }>('pm', 'GET', `/api/dashboard/companies/${motors.id}`)).body;
    expect(dashboard.projects.find((p) => p.id === made.id)?.next_due).toMatchObject(words);
    // The dealer's view of their launches names the next milestones (the template is one).
    const dealer = (await w.as<Array<{ id: number; next_milestones: object[] }>>('pm', 'GET', `/api/companies/${motors.id}/projects`)).body;
    expect(dealer.find((p) => p.id === made.id)?.next_milestones[0]).toMatchObject(words);
    // Renamed in the project: no longer the template's word, so no words of it.
    await w.as('pm', 'PUT', `/api/projects/${made.id}/tasks/${copied.id}`, { name: 'Our first task' });
    expect((await w.as<ProjectDetail>('pm', 'GET', `/api/projects/${made.id}`)).body.next_due[0]).toMatchObject({ name: 'Our first task', names: {} });
  });

  it('carry none when made in the project: a custom task, a group added by name', async () => {
    const group = await w.as<{ group: ProjectDetail['task_types'][number] }>('pm', 'POST', `/api/projects/${project.id}/types`, { name: 'Copied names, again' });
    expect([group.status, group.body.group.names, group.body.group.task_type_id]).toEqual([201, {}, null]);
    const custom = await w.as<ProjectTaskAnswer>('pm', 'POST', `/api/projects/${project.id}/tasks/custom`, { name: 'Copied task', project_task_type_id: group.body.group.id });
    expect([custom.status, custom.body.task.task_id, custom.body.task.names]).toEqual([201, null, {}]);
  });

  it("mark as master: a type or template whose name it changes loses the old word's names", async () => {
    const t = (await w.as<TaskType>('admin', 'POST', '/api/tasks/types', { name: 'Master names', names: { 'fr-FR': 'Noms maîtres' } })).body;
    const kept = (await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: 'Kept master task', task_type_id: t.id, project_types: ['other'], names: { 'fr-FR': 'Tâche gardée' } })).body;
    const changed = (await w.as<TaskTemplate>('admin', 'POST', '/api/tasks', { name: 'Changed master task', task_type_id: t.id, project_types: ['other'], names: { 'fr-FR': 'Tâche changée' } })).body;
    const [motors] = await w.server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const p = (await w.as<ProjectDetail>('pm', 'POST', '/api/projects', { company_id: motors.id, project_type: 'other' })).body;
    const group = p.task_types.find((g) => g.task_type_id === t.id)!;
    const board = (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${p.id}/tasks`)).body;
    await w.as('pm', 'PUT', `/api/projects/${p.id}/tasks/${board.find((x) => x.task_id === changed.id)!.id}`, { name: 'Changed in the project' });

    // The group keeps the type's name: the type keeps its names.
    const marked = await w.as('admin', 'PUT', `/api/projects/${p.id}/types/${group.id}`, { master: true });
    expect(marked.status).toBe(200);
    expect((await type(t.id)).names).toEqual({ 'fr-FR': 'Noms maîtres' });
    expect((await template(kept.id)).names).toEqual({ 'fr-FR': 'Tâche gardée' });
    expect(await template(changed.id)).toMatchObject({ name: 'Changed in the project', names: {} });

    // Renamed and marked: the type takes the new word without the old one's names.
    const renamed = await w.as('admin', 'PUT', `/api/projects/${p.id}/types/${group.id}`, { master: true, name: 'Master, renamed' });
    expect(renamed.status).toBe(200);
    expect(await type(t.id)).toMatchObject({ name: 'Master, renamed', names: {} });
  });
});
