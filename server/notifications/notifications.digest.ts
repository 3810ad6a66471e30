/**
 * The daily digest (issue 55): a person whose channel for a kind is `digest` gets the bell's row at
 * once (`digest_pending`), and from DIGEST_HOUR (UTC) on each day one mail listing every row that
 * waited, oldest first. Every instance sweeps (server/sweep.ts); the digest of a person and day is
 * claimed by inserting its `notification_digests` row (primary key user and day, ON CONFLICT DO
 * NOTHING) in the transaction that clears the rows and writes the mail: of several instances
 * sweeping at once one inserts, the others' insert waits for it and then does nothing. A row that
 * arrives after today's digest waits for tomorrow's.
 */
import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import { todayUtc } from '../../contract/days';
import type { Tx } from '../db/database';
import { notificationDigests, userNotifications, users } from '../db/schema';
import { mailLocaleFor } from '../mail/mail.locale';
import type { AppServices } from '../plugins/services';
import { digestMail } from './notifications.digest-mail';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config'>;

/** People read per batch: never every person at once. Each digest is its own short transaction. */
const BATCH = 100;

/** The mails written at `now`: none before DIGEST_HOUR; else one per person with rows waiting and no digest today. */
export async function sweepDigests(deps: Deps, now: Date): Promise<number> {
  if (now.getUTCHours() < deps.config.digestHour) return 0;
  const day = todayUtc(now);
  let written = 0;
  let after = 0;
  for (;;) {
    const batch = await deps.db
      .selectDistinct({ userId: users.id })
      .from(userNotifications)
      .innerJoin(users, eq(users.id, userNotifications.userId))
      .where(
        and(
          // The partial index user_notifications_digest_idx (user_id, id) WHERE digest_pending.
          eq(userNotifications.digestPending, true),
          gt(userNotifications.userId, after),
          eq(users.status, 'active'),
          notExists(deps.db.select({ one: sql`1` }).from(notificationDigests).where(and(eq(notificationDigests.userId, userNotifications.userId), eq(notificationDigests.day, day)))),
        ),
      )
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const { userId } of batch) written += await deps.db.transaction((tx) => sendDigest(deps, tx, userId, day));
    if (batch.length < BATCH) return written;
    after = batch[batch.length - 1].userId;
  }
}

/** One person's digest of `day`, if this transaction is the one that claims it: 1 mail written, else 0. */
async function sendDigest(deps: Deps, tx: Tx, userId: number, day: string): Promise<number> {
  const [claimed] = await tx.insert(notificationDigests).values({ userId, day, items: 0 }).onConflictDoNothing().returning({ userId: notificationDigests.userId });
  if (!claimed) return 0;
  const claim = and(eq(notificationDigests.userId, userId), eq(notificationDigests.day, day));
  const rows = await tx
    .update(userNotifications)
    .set({ digestPending: false })
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.digestPending, true)))
    .returning({ id: userNotifications.id, title: userNotifications.title, body: userNotifications.body, link: userNotifications.link, createdAt: userNotifications.createdAt });
  const [person] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!rows.length || !person) {
    // Nothing waited after all (the person went meanwhile): no digest today, and no claim kept.
    await tx.delete(notificationDigests).where(claim);
    return 0;
  }
  await tx.update(notificationDigests).set({ items: rows.length }).where(claim);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const mail = digestMail(await mailLocaleFor(tx, userId), person.name, day, rows, deps.config.publicUrl());
  await deps.mail.enqueue(tx, { to: person.email, ...mail });
  return 1;
}
