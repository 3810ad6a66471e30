/**
 * Who hears that an agreement waits for a signature (issue 55), through the bell
 * (`user_notifications`) and mails, as each person's channel for the event says
 * (mail/mail.deliver.ts: none, in_app, digest, mail):
 * - `agreement_to_sign` at every sending, to the signer: the envelope's recipient when they are an
 *   active user of the agreement's company (a bell row; the sign-request mail is the signer's, see
 *   agreements.send.ts); an address that is no such user is mailed as before, without a row;
 * - `agreement_reminder`, once per sending, to the same signer when it is still not signed after
 *   `remind_after_days` (agreements.reminders.ts); an outside address gets its row too (`email:...`,
 *   no user: nobody's bell), which is what makes several instances mail it once;
 * - `agreement_reminder` with the key `agreement_expired:...`, once per sending, to the salesperson
 *   when it expired unsigned, so staff know to send it again (their agreement_to_sign channel: the
 *   kind is "agreements waiting for a signature", whoever waits).
 * Rows go in with ON CONFLICT (recipient, key) DO NOTHING; only an inserted row sends its mail.
 */
import { and, eq } from 'drizzle-orm';
import { agreementReference } from '../../contract/agreements';
import type { DeliveryChannel } from '../../contract/notifications';
import type { NotificationEvent } from '../../contract/tracker';
import { toLocale, type Locale } from '../../engine';
import type { Db, Tx } from '../db/database';
import { companyUsers, userNotifications, users } from '../db/schema';
import { cleanName } from '../http/clean-text';
import { channelFor, digestPending } from '../mail/mail.deliver';
import { mailLocaleFor } from '../mail/mail.locale';
import { interpolate, mailMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { ddmmyyyy } from './agreements.expiry';
import { expiredNoticeMail, signReminderMail, type MailContent } from './agreements.mail';

type Deps = Pick<AppServices, 'mail' | 'config'>;

/** The app's pages of an agreement (src/agreements/routes.ts): the dealer reads and signs on the preview; staff send again from the form. */
export const agreementPagePath = (id: number) => `/agreements/${id}/preview`;
export const agreementEditPath = (id: number) => `/agreements/${id}/edit`;
const publicLink = (deps: Deps, path: string) => `${deps.config.publicUrl()}/#${path}`;

/** An agreement as the notices name it: its name and the reference the list, the PDF and the mails print. */
export const agreementLabel = (a: { id: number; name: string }) => `${cleanName(a.name)} (${agreementReference(a.id)})`;

/** The person an agreement goes to for signature. */
export interface Signer {
  /** The active user of the agreement's company with that address; null for an outside contact. */
  userId: number | null;
  name: string;
  email: string;
}

/**
 * The signer behind an address: an active user of the agreement's company with it (addresses are
 * stored lower-cased), else the address alone, greeted as `fallbackName` (the contact's name).
 */
export async function signerOf(db: Db | Tx, companyId: number, address: string, fallbackName: string): Promise<Signer> {
  const email = address.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(companyUsers, and(eq(companyUsers.userId, users.id), eq(companyUsers.companyId, companyId)))
    .where(and(eq(users.email, email), eq(users.status, 'active')))
    .limit(1);
  return user ? { userId: user.id, name: user.name, email } : { userId: null, name: fallbackName, email: address.trim() };
}

/** How the signer hears of `event`: a user by their choice, an outside contact by mail. */
export const signerChannel = (db: Db | Tx, signer: Signer, event: NotificationEvent): Promise<DeliveryChannel> => channelFor(db, signer.userId, event);

/** The signer's language: a user's (their company's), an outside contact's the agreement's own. */
const localeOf = async (tx: Db | Tx, signer: Signer, lang: string): Promise<Locale> => (signer.userId ? mailLocaleFor(tx, signer.userId) : toLocale(lang));

interface Row {
  userId: number | null;
  recipient: string;
  event: NotificationEvent;
  key: string;
  title: string;
  body: string;
  link: string;
  channel: DeliveryChannel;
}

/** One bell row, once per (recipient, key); true when it went in now. */
async function insertRow(tx: Db | Tx, row: Row): Promise<boolean> {
  const [inserted] = await tx
    .insert(userNotifications)
    .values({ userId: row.userId, recipient: row.recipient, event: row.event, key: row.key, title: row.title, body: row.body, link: row.link, digestPending: digestPending(row.channel) })
    .onConflictDoNothing({ target: [userNotifications.recipient, userNotifications.key] })
    .returning({ id: userNotifications.id });
  return Boolean(inserted);
}

const recipientOf = (signer: Signer) => (signer.userId ? `user:${signer.userId}` : `email:${signer.email.toLowerCase()}`);

/** What a sending's notices need of the agreement. */
export interface SentAgreement {
  id: number;
  name: string;
  lang: string;
  sentAt: Date;
  expiresAt: Date | null;
}

/**
 * `agreement_to_sign` at a sending: the bell row of a signer who is a user (per their channel; an
 * outside contact has no bell). Its key names the sending, so a sending is announced once.
 */
export async function notifyToSign(tx: Db | Tx, agreement: SentAgreement, signer: Signer, channel: DeliveryChannel): Promise<void> {
  if (!signer.userId || channel === 'none') return;
  const locale = await localeOf(tx, signer, agreement.lang);
  const m = mailMessages(locale);
  const label = agreementLabel(agreement);
  const expires = agreement.expiresAt ? ` ${interpolate(m.agreement_expires, { date: ddmmyyyy(agreement.expiresAt) })}` : '';
  await insertRow(tx, {
    userId: signer.userId,
    recipient: recipientOf(signer),
    event: 'agreement_to_sign',
    key: `agreement_to_sign:${agreement.id}:${agreement.sentAt.getTime()}`,
    title: m.sign_request_subject,
    body: `${interpolate(m.agreement_to_sign_body, { agreement: label })}${expires}`,
    link: agreementPagePath(agreement.id),
    channel,
  });
}

/** Inserts the row and, when it went in now and the channel says so, queues its mail; 1 when the person was notified now. */
async function deliver(deps: Deps, tx: Tx, row: Row, to: string, mail: () => MailContent): Promise<number> {
  if (row.channel === 'none' || !(await insertRow(tx, row))) return 0;
  if (row.channel === 'mail') await deps.mail.enqueue(tx, { to, ...mail() });
  return 1;
}

/** The reminder of one sending to its signer, once (key `agreement_reminder:{id}:{sentAt ms}`); 1 when reminded now. */
export async function remindSigner(deps: Deps, tx: Tx, agreement: SentAgreement, signer: Signer): Promise<number> {
  const channel = await signerChannel(tx, signer, 'agreement_reminder');
  const locale = await localeOf(tx, signer, agreement.lang);
  const m = mailMessages(locale);
  const path = agreementPagePath(agreement.id);
  const values = { agreement: agreementLabel(agreement), sent: ddmmyyyy(agreement.sentAt), link: publicLink(deps, path) };
  const expiry = agreement.expiresAt ? ddmmyyyy(agreement.expiresAt) : null;
  const expires = expiry ? ` ${interpolate(m.agreement_expires, { date: expiry })}` : '';
  const row: Row = {
    userId: signer.userId,
    recipient: recipientOf(signer),
    event: 'agreement_reminder',
    key: `agreement_reminder:${agreement.id}:${agreement.sentAt.getTime()}`,
    title: m.agreement_reminder_subject,
    body: `${interpolate(m.agreement_reminder_body, values)}${expires}`,
    link: path,
    channel,
  };
  return deliver(deps, tx, row, signer.email, () => signReminderMail(locale, signer.name, { ...values, expires: expiry }));
}

/**
 * The notice that a sending expired unsigned, to the agreement's salesperson (an active user), once
 * (key `agreement_expired:{id}:{sentAt ms}`); 1 when told now, 0 without a salesperson.
 */
export async function notifyExpired(deps: Deps, tx: Tx, agreement: SentAgreement & { userId: number | null; companyName: string }): Promise<number> {
  if (agreement.userId === null || agreement.expiresAt === null) return 0;
  const [person] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, agreement.userId), eq(users.status, 'active')));
  if (!person) return 0;
  const channel = await channelFor(tx, person.id, 'agreement_reminder');
  const locale = await mailLocaleFor(tx, person.id);
  const m = mailMessages(locale);
  const path = agreementEditPath(agreement.id);
  const params = { agreement: agreementLabel(agreement), company: cleanName(agreement.companyName), date: ddmmyyyy(agreement.expiresAt), link: publicLink(deps, path) };
  const row: Row = {
    userId: person.id,
    recipient: `user:${person.id}`,
    event: 'agreement_reminder',
    key: `agreement_expired:${agreement.id}:${agreement.sentAt.getTime()}`,
    title: interpolate(m.agreement_expired_subject, params),
    body: interpolate(m.agreement_expired_body, params),
    link: path,
    channel,
  };
  return deliver(deps, tx, row, person.email, () => expiredNoticeMail(locale, person.name, params));
}
