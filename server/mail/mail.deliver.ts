/**
 * How a person wants to hear of an event (issue 55, contract/notifications.ts): their channel for the
 * event's kind, or its default. Every notifier asks here before it writes the bell's row and the mail:
 * - `none`: no row, no mail;
 * - `in_app`: the row only;
 * - `digest`: the row, marked `digest_pending` for the daily digest (server/notifications/);
 * - `mail`: the row and its mail at once.
 * An outside contact (an email address, no user) has no preferences: mail, as before. An event of
 * no kind (a task done, a variation decided) goes as its template says: mail.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_CHANNELS, KIND_OF_EVENT, type DeliveryChannel } from '../../contract/notifications';
import type { NotificationEvent } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { notificationPreferences } from '../db/schema';

/** Each user's channel for `event` (users without a choice get the kind's default). */
export async function channelsFor(tx: Db | Tx, userIds: readonly number[], event: NotificationEvent): Promise<Map<number, DeliveryChannel>> {
  const kind = KIND_OF_EVENT[event];
  const channels = new Map<number, DeliveryChannel>(userIds.map((id) => [id, kind ? DEFAULT_CHANNELS[kind] : 'mail']));
  if (!kind || !userIds.length) return channels;
  const rows = await tx
    .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, [...new Set(userIds)]), eq(notificationPreferences.kind, kind)));
  for (const r of rows) channels.set(r.userId, r.channel);
  return channels;
}

/** One user's channel for `event`; null user (an outside contact): mail. */
export async function channelFor(tx: Db | Tx, userId: number | null, event: NotificationEvent): Promise<DeliveryChannel> {
  if (userId === null) return 'mail';
  return (await channelsFor(tx, [userId], event)).get(userId)!;
}

/** The columns of the bell's row a channel decides. */
export const digestPending = (channel: DeliveryChannel) => channel === 'digest';
