/**
 * The agreements' part of the timed sweep (server/sweep.ts, issue 55): a sent agreement not signed
 * after its `remind_after_days` reminds the signers whose turn it is (issue 57: every current one;
 * one whose turn opened later once their own days passed) once each per sending, and one that expired unsigned
 * tells its salesperson once, so staff send it again (agreements.notify.ts says who and how).
 *
 * Sent agreements are read in batches (the partial index agreements_sent_idx: sent, not archived,
 * by sent_at), and notified a few per short transaction, each re-read there so one signed,
 * recalled or archived meanwhile is left alone. Each notice's row is unique per (recipient, key):
 * of several instances sweeping at once one inserts it and mails, the others insert nothing.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { agreementEnvelopes, agreements, agreementSigners, companies, users } from '../db/schema';
import type { AppServices } from '../plugins/services';
import { notifyExpired, remindSigner, signerOf, type SentAgreement, type Signer } from './agreements.notify';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config'>;

/** Agreements read per batch: never every one at once. */
const BATCH = 200;
/** Agreements per transaction: a few, so the transaction stays short. */
const CHUNK = 20;
/**
 * How long after falling due a reminder or an expiry notice is still given: in the first sweeps
 * after it (one missed through a week without any instance running is left to the agreement's
 * page, which shows the expiry), so the sweep never notifies about old sendings again and again.
 */
const WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** Sent and not archived: the partial index's own condition. */
const waiting = and(eq(agreements.stage, 'sent'), isNull(agreements.archivedAt), isNotNull(agreements.sentAt));

/** Due now: the reminder fell due (and it has not expired), or it expired, within the window. */
function dueAt(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${new Date(now.getTime() - WINDOW_DAYS * DAY_MS).toISOString()}::timestamptz`;
  const remindAt = sql`${agreements.sentAt} + ${agreements.remindAfterDays} * interval '1 day'`;
  return sql`((${agreements.remindAfterDays} IS NOT NULL AND ${remindAt} <= ${at} AND ${remindAt} > ${since} AND (${agreements.expiresAt} IS NULL OR ${agreements.expiresAt} > ${at}))
    OR (${agreements.expiresAt} <= ${at} AND ${agreements.expiresAt} > ${since}))`;
}

const columns = {
  id: agreements.id,
  name: agreements.name,
  lang: agreements.lang,
  companyId: agreements.companyId,
  companyName: companies.name,
  userId: agreements.userId,
  sentAt: agreements.sentAt,
  expiresAt: agreements.expiresAt,
  contactEmail: sql<string | null>`${agreements.companyDetails}->>'contact_email'`,
  contactName: sql<string | null>`${agreements.companyDetails}->>'contact_name'`,
  remindAfterDays: agreements.remindAfterDays,
};

/** Each agreement's newest envelope recipient: who it was last sent to. */
async function recipientsOf(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const rows = await tx
    .selectDistinctOn([agreementEnvelopes.agreementId], { agreementId: agreementEnvelopes.agreementId, recipient: agreementEnvelopes.recipient })
    .from(agreementEnvelopes)
    .where(inArray(agreementEnvelopes.agreementId, ids))
    .orderBy(agreementEnvelopes.agreementId, desc(agreementEnvelopes.createdAt), desc(agreementEnvelopes.id));
  return new Map(rows.map((r) => [r.agreementId, r.recipient]));
}

interface Turn {
  /** The signer as a user (active), whom the reminder reaches by their channel; null for the open slot. */
  user: Signer | null;
  name: string;
  email: string | null;
  since: Date | null;
}

/**
 * The signers whose turn it is, per agreement (issue 57): users as they are now (their address, an
 * inactive one left out), the open slot by the address it was sent to.
 */
async function turnsOf(tx: Tx, ids: number[]): Promise<Map<number, Turn[]>> {
  const rows = await tx
    .select({ agreementId: agreementSigners.agreementId, userId: agreementSigners.userId, name: agreementSigners.name, email: agreementSigners.email, since: agreementSigners.turnSince, userName: users.name, userEmail: users.email, userStatus: users.status })
    .from(agreementSigners)
    .leftJoin(users, eq(users.id, agreementSigners.userId))
    .where(and(inArray(agreementSigners.agreementId, ids), eq(agreementSigners.status, 'current')))
    .orderBy(asc(agreementSigners.agreementId), asc(agreementSigners.position));
  const turns = new Map<number, Turn[]>();
  for (const r of rows) {
    if (r.userId !== null && r.userStatus !== 'active') continue;
    const user = r.userId !== null && r.userEmail ? { userId: r.userId, name: r.userName ?? r.name, email: r.userEmail } : null;
    turns.set(r.agreementId, [...(turns.get(r.agreementId) ?? []), { user, name: r.name, email: r.email, since: r.since ? new Date(r.since) : null }]);
  }
  return turns;
}

/** One chunk in one transaction: re-read (still sent, the same sending, still due), then each notice. */
async function notifyChunk(deps: Deps, db: Db, ids: number[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select(columns).from(agreements).innerJoin(companies, eq(companies.id, agreements.companyId)).where(and(inArray(agreements.id, ids), waiting, dueAt(now)));
    if (!rows.length) return 0;
    const recipients = await recipientsOf(tx, rows.map((r) => r.id));
    const turns = await turnsOf(tx, rows.map((r) => r.id));
    let notified = 0;
    for (const r of rows) {
      const sent: SentAgreement = { id: r.id, name: r.name, lang: r.lang, sentAt: new Date(r.sentAt!), expiresAt: r.expiresAt ? new Date(r.expiresAt) : null };
      if (sent.expiresAt && sent.expiresAt.getTime() <= now.getTime()) {
        notified += await notifyExpired(deps, tx, { ...sent, userId: r.userId, companyName: r.companyName });
        continue;
      }
      // Issue 57: whoever's turn it is, each of them (parallel signers together), once per sending.
      const current = turns.get(r.id);
      if (current) {
        for (const t of current) {
          // A turn opened later than the sending waits its own days before its reminder.
          if (r.remindAfterDays !== null && t.since && t.since.getTime() + r.remindAfterDays * DAY_MS > now.getTime()) continue;
          const signer = t.user ?? (await signerOf(tx, r.companyId, t.email ?? recipients.get(r.id) ?? r.contactEmail ?? '', t.name));
          if (signer.email) notified += await remindSigner(deps, tx, sent, signer);
        }
        continue;
      }
      // No signer rows (nothing current): sent through an envelope, its recipient; by a bare PUT, the contact, whom the app sends to.
      const address = recipients.get(r.id) ?? r.contactEmail;
      if (!address) continue;
      notified += await remindSigner(deps, tx, sent, await signerOf(tx, r.companyId, address, r.contactName ?? r.companyName));
    }
    return notified;
  });
}

/** Reminders of agreements waiting for a signature, and their expiry (issue 55). Returns the people notified. */
export async function sweepAgreementReminders(deps: Pick<AppServices, 'db' | 'mail' | 'config'>, now: Date): Promise<number> {
  let notified = 0;
  let after: { sentAt: string; id: number } | null = null;
  for (;;) {
    // sent_at as PostgreSQL's own text, so the next batch starts exactly after it (microseconds kept).
    const batch: Array<{ id: number; sentAt: string }> = await deps.db
      .select({ id: agreements.id, sentAt: sql<string>`${agreements.sentAt}::text` })
      .from(agreements)
      .where(and(waiting, dueAt(now), after ? sql`(${agreements.sentAt}, ${agreements.id}) > (${after.sentAt}::timestamptz, ${after.id})` : undefined))
      .orderBy(asc(agreements.sentAt), asc(agreements.id))
      .limit(BATCH);
    if (!batch.length) return notified;
    const last = batch[batch.length - 1];
    after = { sentAt: last.sentAt, id: last.id };
    for (let i = 0; i < batch.length; i += CHUNK) notified += await notifyChunk(deps, deps.db, batch.slice(i, i + CHUNK).map((r) => r.id), now);
    if (batch.length < BATCH) return notified;
  }
}
