/**
 * Notification templates (spec: /tasks/notifications): which event mails whom, with which words.
 * The tracker's sweep and writes send them (server/projects/README.md, Notifications). The
 * subject and body may use the placeholders of contract/tasks.ts; an unknown one (a typo such as
 * {projcet}) is a 422 on the field that has it, since it would reach a dealer's inbox as it is. A
 * task type narrows only the task_* events.
 */
import { asc, eq } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../contract/locales';
import { NOTIFICATION_PLACEHOLDERS, TASK_EVENTS, type NotificationTranslations, type TaskNotification } from '../../contract/tasks';
import type { NotificationEvent, NotificationRecipient, TemplateEvent } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { isForeignKeyViolation } from '../db/pg-errors';
import { taskNotifications, taskTypes } from '../db/schema';
import { Invalid, NotFound, type ErrorDetail } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { parseId } from '../http/ids';
import { interpolate, serverMessages } from '../messages';
import { checkedName } from './tasks.stages';


export interface NotificationBody {
  name?: string;
  event?: NotificationEvent;
  recipients?: NotificationRecipient[];
  subject?: string;
  body?: string;
  translations?: unknown;
  task_type_id?: number | null;
  active?: boolean;
}

type Row = typeof taskNotifications.$inferSelect;
const answer = (r: Row): TaskNotification => ({
  // The column's enum is the bell's too (contract/tracker.ts); a template is written with a TEMPLATE_EVENTS one only (tasks.schemas.ts).
  id: r.id, name: r.name, event: r.event as TemplateEvent, recipients: r.recipients, subject: r.subject, body: r.body, translations: r.translations ?? {}, task_type_id: r.taskTypeId, active: r.active,
  updated_at: r.updatedAt.toISOString(),
});

/** GET /tasks/notifications: every template, by event then name (a few dozen at most). */
export async function listNotifications(db: Db): Promise<TaskNotification[]> {
  return (await db.select().from(taskNotifications).orderBy(asc(taskNotifications.event), asc(taskNotifications.name), asc(taskNotifications.id))).map(answer);
}

async function find(tx: Db | Tx, key: string): Promise<Row> {
  const id = parseId(key);
  const [row] = id === null ? [] : await tx.select().from(taskNotifications).where(eq(taskNotifications.id, id));
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** GET /tasks/notifications/{id} (react-admin's edit). */
export const getNotification = async (db: Db, key: string) => answer(await find(db, key));

/** The first `{word}` of a text that is not a placeholder, or null. */
export function unknownPlaceholder(text: string): string | null {
  for (const match of text.matchAll(/\{([^{}\s]{0,40})\}/g)) {
    if (!(NOTIFICATION_PLACEHOLDERS as readonly string[]).includes(match[1])) return match[0];
  }
  return null;
}

const isTaskEvent = (event: NotificationEvent) => (TASK_EVENTS as readonly string[]).includes(event);

/** The checks a schema cannot make, on the row as it will be after the write. */
async function check(tx: Db | Tx, next: { subject: string; body: string; event: NotificationEvent; taskTypeId: number | null }, sent: NotificationBody) {
  const problems: ErrorDetail[] = [];
  for (const field of ['subject', 'body'] as const) {
    if (!next[field]) problems.push({ detail: serverMessages.tasks.text_required, field });
    const bad = unknownPlaceholder(next[field]);
    if (bad) problems.push({ detail: interpolate(serverMessages.tasks.unknown_placeholder, { placeholder: bad }), field });
  }
  if (next.taskTypeId !== null) {
    if (!isTaskEvent(next.event)) problems.push({ detail: serverMessages.tasks.type_only_task_events, field: 'task_type_id' });
    else if (sent.task_type_id !== undefined) {
      const [row] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.id, next.taskTypeId));
      if (!row) problems.push({ detail: serverMessages.tasks.unknown_type, field: 'task_type_id' });
    }
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
}

const text = (value: string) => cleanText(value).trim();

const SUBJECT_MAX = 200;
const BODY_MAX = 10_000;
const isLocale = (key: string): key is Locale => (LOCALES as readonly string[]).includes(key);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A write's `translations` as stored, in LOCALES' order, or a 422 listing every problem (field
 * `translations`, `translations.<locale>`, or `translations.<locale>.subject|body`): a locale the
 * portal does not ship, a locale without both texts, a text too long or with an unknown placeholder.
 * Nothing is dropped: a refused write writes nothing.
 */
export function checkedTranslations(value: unknown): NotificationTranslations {
  if (!isObject(value)) throw new Invalid(serverMessages.tasks.translations_invalid, [{ detail: serverMessages.tasks.translations_invalid, field: 'translations' }]);
  const problems: ErrorDetail[] = [];
  const out: NotificationTranslations = {};
  for (const [locale, words] of Object.entries(value)) {
    const at = `translations.${locale}`;
    if (!isLocale(locale)) {
      problems.push({ detail: serverMessages.names.unknown_locale, field: at });
      continue;
    }
    if (!isObject(words) || Object.keys(words).some((k) => k !== 'subject' && k !== 'body')) {
      problems.push({ detail: serverMessages.tasks.translations_invalid, field: at });
      continue;
    }
    const clean: { subject: string; body: string } = { subject: '', body: '' };
    for (const field of ['subject', 'body'] as const) {
      const raw = words[field];
      const t = typeof raw === 'string' ? text(raw) : '';
      const max = field === 'subject' ? SUBJECT_MAX : BODY_MAX;
      if (!t) problems.push({ detail: serverMessages.tasks.text_required, field: `${at}.${field}` });
      else if ([...t].length > max) problems.push({ detail: interpolate(serverMessages.names.too_long, { max }), field: `${at}.${field}` });
      else {
        const bad = unknownPlaceholder(t);
        if (bad) problems.push({ detail: interpolate(serverMessages.tasks.unknown_placeholder, { placeholder: bad }), field: `${at}.${field}` });
      }
      clean[field] = t;
    }
    out[locale] = clean;
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  return Object.fromEntries(LOCALES.filter((l) => out[l]).map((l) => [l, out[l]])) as NotificationTranslations;
}


function columns(body: NotificationBody) {
  return {
    ...(body.name !== undefined ? { name: checkedName(body.name) } : {}),
    ...(body.event !== undefined ? { event: body.event } : {}),
    ...(body.recipients !== undefined ? { recipients: [...new Set(body.recipients)] } : {}),
    ...(body.subject !== undefined ? { subject: text(body.subject) } : {}),
    ...(body.body !== undefined ? { body: text(body.body) } : {}),
    ...(body.translations !== undefined ? { translations: checkedTranslations(body.translations) } : {}),
    ...(body.task_type_id !== undefined ? { taskTypeId: body.task_type_id } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
}

async function typeSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new Invalid(serverMessages.tasks.unknown_type, [{ detail: serverMessages.tasks.unknown_type, field: 'task_type_id' }]);
    throw err;
  }
}

/** POST /tasks/notifications: 'Notification Created'. */
export async function createNotification(db: Db, body: NotificationBody): Promise<TaskNotification> {
  const name = checkedName(body.name);
  const values = { ...columns(body), name };
  const next = { subject: values.subject ?? '', body: values.body ?? '', event: body.event!, taskTypeId: body.task_type_id ?? null };
  await check(db, next, body);
  const [row] = await typeSafe(() =>
    db.insert(taskNotifications).values({ ...values, event: body.event!, recipients: values.recipients ?? [], subject: next.subject, body: next.body }).returning(),
  );
  return { ...answer(row), message: serverMessages.tasks.notification_created };
}

/** PUT /tasks/notifications/{id}: the fields sent; 'Notification Updated'. */
export async function updateNotification(db: Db, key: string, body: NotificationBody): Promise<TaskNotification> {
  const values = columns(body);
  const row = await typeSafe(() =>
    db.transaction(async (tx) => {
      const current = await find(tx, key);
      // A task type kept from before goes when the event stops being a task event.
      const event = values.event ?? current.event;
      const taskTypeId = values.taskTypeId !== undefined ? values.taskTypeId : isTaskEvent(event) ? current.taskTypeId : null;
      await check(tx, { subject: values.subject ?? current.subject, body: values.body ?? current.body, event, taskTypeId }, body);
      const [updated] = await tx.update(taskNotifications).set({ ...values, taskTypeId, updatedAt: new Date() }).where(eq(taskNotifications.id, current.id)).returning();
      return updated;
    }),
  );
  return { ...answer(row), message: serverMessages.tasks.notification_updated };
}

/** DELETE /tasks/notifications/{id}: 'Notification Deleted' (in-app notifications sent from it stay). */
export async function deleteNotification(db: Db, key: string) {
  const row = await find(db, key);
  await db.delete(taskNotifications).where(eq(taskNotifications.id, row.id));
  return { id: row.id, name: row.name, message: serverMessages.tasks.notification_deleted };
}
