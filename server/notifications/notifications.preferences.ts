/**
 * A person's channel per kind of event (issue 55, contract/notifications.ts): read with the
 * defaults filled in, and changed kind by kind. A kind set to its default has no row: the table
 * holds only what a person chose differently, so a default changed in a later release reaches
 * everyone who never chose otherwise (the page sends every kind on Save, which would otherwise
 * freeze today's defaults for everyone who ever saved).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CHANNELS, NOTIFICATION_KINDS, type DeliveryChannel, type NotificationKind, type NotificationPreferences, type NotificationPreferencesBody } from '../../contract/notifications';
import type { Db, Tx } from '../db/database';
import { notificationPreferences } from '../db/schema';
import { serverMessages } from '../messages';

/** Every kind with the user's channel, else its default. */
export async function readPreferences(db: Db | Tx, userId: number): Promise<NotificationPreferences> {
  const rows = await db.select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.channel]));
  const preferences = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_CHANNELS[kind]])) as Record<NotificationKind, DeliveryChannel>;
  return { preferences };
}

/** Changes the kinds given (the others keep theirs) and answers the full set with the success text. */
export async function writePreferences(db: Db, userId: number, body: NotificationPreferencesBody): Promise<NotificationPreferences & { message: string }> {
  const given = Object.entries(body.preferences) as Array<[NotificationKind, DeliveryChannel]>;
  const toDefault = given.filter(([kind, channel]) => channel === DEFAULT_CHANNELS[kind]).map(([kind]) => kind);
  const chosen = given.filter(([kind, channel]) => channel !== DEFAULT_CHANNELS[kind]);
  const answer = await db.transaction(async (tx) => {
    if (toDefault.length) await tx.delete(notificationPreferences).where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, toDefault)));
    if (chosen.length) {
      await tx
        .insert(notificationPreferences)
        .values(chosen.map(([kind, channel]) => ({ userId, kind, channel })))
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { channel: sql`excluded.channel`, updatedAt: sql`now()` } });
    }
    return readPreferences(tx, userId);
  });
  return { ...answer, message: serverMessages.notifications.preferences_saved };
}
