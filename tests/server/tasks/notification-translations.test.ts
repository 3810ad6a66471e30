// A notification template's words in other locales (issue 55: every mail in the reader's language):
// written and read back cleaned and in the locales' order, replaced whole and cleared by {}, and
// refused with a 422 naming the locale and field (writing nothing) for an unknown locale, a locale
// without both texts, an unknown placeholder or a value that is no object. The sending side is in
// tests/server/projects/notifications.test.ts ("in the reader's language").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskNotification } from '../../../contract/tasks';
import { tasksWorld, type ErrorBody, type TasksWorld } from './tasks-helpers';

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld();
});
afterAll(async () => {
  await w?.close();
});

const base = { event: 'task_due', recipients: ['assignee'], subject: 'Due: {task}', body: '{task} is due {due}' };
let serial = 0;
const create = (extra: Record<string, unknown>) => w.as<TaskNotification & ErrorBody>('admin', 'POST', '/api/tasks/notifications', { name: `Translated ${++serial}`, ...base, ...extra });

describe('a notification template in other languages', () => {
  it('is written cleaned and in the locales order, read back, replaced whole and cleared', async () => {
    const made = await create({ translations: { 'nl-NL': { subject: ' Te doen: {task} ', body: '{task} moet af {due}' }, 'fr-FR': { subject: 'À rendre : {task}', body: '{task} pour le {due}' } } });
    expect(made.status, made.text).toBe(201);
    expect(Object.keys(made.body.translations)).toEqual(['fr-FR', 'nl-NL']);
    expect(made.body.translations['nl-NL']).toEqual({ subject: 'Te doen: {task}', body: '{task} moet af {due}' });
    const read = (await w.as<TaskNotification[]>('admin', 'GET', '/api/tasks/notifications')).body.find((n) => n.id === made.body.id)!;
    expect(read.translations).toEqual(made.body.translations);

    const kept = await w.as<TaskNotification>('admin', 'PUT', `/api/tasks/notifications/${made.body.id}`, { active: false });
    expect(kept.body.translations).toEqual(made.body.translations);
    const replaced = await w.as<TaskNotification>('admin', 'PUT', `/api/tasks/notifications/${made.body.id}`, { translations: { 'fr-BE': { subject: 'Échéance : {task}', body: '{task}' } } });
    expect(replaced.body.translations).toEqual({ 'fr-BE': { subject: 'Échéance : {task}', body: '{task}' } });
    const cleared = await w.as<TaskNotification>('admin', 'PUT', `/api/tasks/notifications/${made.body.id}`, { translations: {} });
    expect(cleared.body.translations).toEqual({});
  });

  it.each([
    ['an unknown locale', { 'de-DE': { subject: 'Fällig', body: 'x' } }, 'translations.de-DE'],
    ['a locale without its body', { 'fr-FR': { subject: 'À rendre' } }, 'translations.fr-FR.body'],
    ['a blank subject', { 'fr-FR': { subject: '  ', body: 'x' } }, 'translations.fr-FR.subject'],
    ['an unknown placeholder', { 'fr-FR': { subject: 'À rendre : {tache}', body: 'x' } }, 'translations.fr-FR.subject'],
    ['a field no template has', { 'fr-FR': { subject: 'x', body: 'y', footer: 'z' } }, 'translations.fr-FR'],
    ['a list', [], 'translations'],
    ['a text', 'fr', 'translations'],
  ])('refuses %s with a 422 on the field, writing nothing', async (_what, translations, field) => {
    const made = await create({ translations });
    expect(made.status, made.text).toBe(422);
    expect(made.body.errors?.map((e) => e.field)).toContain(field);
    const kept = (await create({ translations: { 'nl-NL': { subject: 'Kept', body: 'kept' } } })).body;
    const updated = await w.as<ErrorBody>('admin', 'PUT', `/api/tasks/notifications/${kept.id}`, { translations });
    expect(updated.status).toBe(422);
    const after = (await w.as<TaskNotification[]>('admin', 'GET', '/api/tasks/notifications')).body.find((n) => n.id === kept.id)!;
    expect(after.translations).toEqual({ 'nl-NL': { subject: 'Kept', body: 'kept' } });
  });
});
