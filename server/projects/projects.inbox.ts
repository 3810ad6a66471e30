/**
 * The in-app notifications of the signed-in user (server/projects/README.md, Notifications): their
 * own `user_notifications` rows, newest first, a page at a time with the unread count; marking one
 * or all read. Anyone signed in; only their own rows (another's id is a 404).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationsPage, UserNotification } from '../../contract/variations';
import type { Db } from '../db/database';
import { userNotifications } from '../db/schema';
import { NotFound } from '../domain-errors';
import { parseId } from '../http/ids';
import { serverMessages } from '../messages';

export interface InboxQuery {
  page?: number;
  per_page?: number;
  /** Only the unread ones. */
  unread?: boolean;
}

const unreadOf = async (db: Db, userId: number) =>
  Number((await db.select({ n: count() }).from(userNotifications).where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt))))[0].n);

export async function listInbox(db: Db, userId: number, query: InboxQuery): Promise<NotificationsPage> {
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  const where = and(eq(userNotifications.userId, userId), query.unread ? isNull(userNotifications.readAt) : undefined);
  const [rows, [{ total }], unread] = await Promise.all([
    db
      .select()
      .from(userNotifications)
      .where(where)
      .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(userNotifications).where(where),
    unreadOf(db, userId),
  ]);
  const data: UserNotification[] = rows.map((r) => ({
    id: r.id,
    event: r.event,
    title: r.title,
    body: r.body,
    link: r.link,
    project_id: r.projectId,
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt ? r.readAt.toISOString() : null,
  }));
  return { data, total: Number(total), unread };
}

/** Marks one of the user's notifications read (again: no change). */
export async function markRead(db: Db, userId: number, key: string): Promise<{ unread: number; message: string }> {
  const id = parseId(key);
  const found = id
    ? await db
        .update(userNotifications)
        .set({ readAt: sql`coalesce(${userNotifications.readAt}, now())` })
        .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
        .returning({ id: userNotifications.id })
    : [];
  if (!found.length) throw new NotFound(serverMessages.not_found);
  return { unread: await unreadOf(db, userId), message: serverMessages.projects.notifications_read };
}

/** Marks every notification of the user read. */
export async function markAllRead(db: Db, userId: number): Promise<{ unread: number; message: string }> {
  await db
    .update(userNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return { unread: await unreadOf(db, userId), message: serverMessages.projects.notifications_read };
}
