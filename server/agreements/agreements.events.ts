/**
 * Issue 57: an agreement's trail (`agreement_events`): created, sent, opened (a signer's first look
 * during their turn), signed, countersigned, declined, voided; each with the time, the person as
 * named then, the client address and user agent of the request, the document's SHA-256 where it
 * matters and the reason of a decline or void. Append only: the table's trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0031), so nothing here ever changes a row. The detail answer
 * carries it for everyone who may read the agreement (staff and the company's users), and the
 * certificate of completion prints it.
 */
import { asc, eq } from 'drizzle-orm';
import type { AgreementEvent, AgreementEventKind } from '../../contract/agreements';
import type { Db, Tx } from '../db/database';
import { agreementEvents, users } from '../db/schema';

/** The request an event comes from: who (a user, or none for the system) and from where. */
export interface Who {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** No request behind it (the seed, a migration of data). */
export const NOBODY: Who = { userId: null, ip: null, userAgent: null };

export interface EventInput {
  agreementId: number;
  kind: AgreementEventKind;
  who: Who;
  at?: Date;
  /** The person's name and address when they are not (only) the user: a signer's typed name. */
  name?: string | null;
  email?: string | null;
  documentSha256?: string | null;
  reason?: string | null;
}

/** Appends one event; the user's name and address are copied as they are now (a later rename leaves the trail as it was). */
export async function recordEvent(db: Db | Tx, input: EventInput): Promise<void> {
  let { name = null, email = null } = input;
  if (input.who.userId !== null && (name === null || email === null)) {
    const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, input.who.userId));
    name ??= user?.name ?? null;
    email ??= user?.email ?? null;
  }
  await db.insert(agreementEvents).values({
    agreementId: input.agreementId,
    kind: input.kind,
    at: input.at ?? new Date(),
    userId: input.who.userId,
    name,
    email,
    ip: input.who.ip,
    // A header is the client's to write: kept, but not without bound.
    userAgent: input.who.userAgent?.slice(0, 500) ?? null,
    documentSha256: input.documentSha256 ?? null,
    reason: input.reason ?? null,
  });
}

export type EventRow = typeof agreementEvents.$inferSelect;

/** The agreement's trail, oldest first. */
export async function eventsOf(db: Db | Tx, agreementId: number): Promise<EventRow[]> {
  return db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId)).orderBy(asc(agreementEvents.at), asc(agreementEvents.id));
}

/** An event as the detail answer carries it. */
export const eventView = (e: EventRow): AgreementEvent => ({
  id: e.id,
  kind: e.kind,
  at: e.at.toISOString(),
  user_id: e.userId,
  name: e.name,
  email: e.email,
  ip: e.ip,
  user_agent: e.userAgent,
  document_sha256: e.documentSha256,
  reason: e.reason,
});
