/**
 * The agreements' mails, all through the outbox (server/mail/mail.plugin.ts) and in the reader's
 * language (texts: locales/<locale>/errors.json `mail`):
 * - the welcome mail of POST /mail/{id}, whose answer is the real SMTP result;
 * - "an order form waits for your signature" (the local signer, signers/local.ts);
 * - "the agreement was signed", to the salesperson and the company's account manager.
 */
import { agreementReference } from '../../contract/agreements';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { localeForTag, toLocale, type Locale } from '../../engine';
import { isEmail, languageForRegion } from '../../engine/accounts';
import type { Db, Tx } from '../db/database';
import { agreements, companies, configs, mailOutbox, users } from '../db/schema';
import { Invalid, NotFound } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { mailLocaleFor } from '../mail/mail.locale';
import { ddmmyyyy } from './agreements.expiry';
import { interpolate, mailMessages, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';

/** What these mails use of the app (a FastifyInstance or `servicesOf(app)`). */
type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface WelcomeMailInput {
  agreementId: number;
  to: string;
  lang: string;
  data: { username: string; editionsurl: string; regionTelephone: string; keyContact: string };
}

export interface MailResult {
  /** True once the relay accepted the mail. */
  sent: boolean;
  /** "address: reason" for each address that did not get it. */
  failures: string[];
  /** The outbox row (the spec's email_id). */
  emailId: number;
}

// How long POST /mail/{id} waits for the relay's verdict: past nodemailer's connect and greeting
// timeouts (10 s each, mail.plugin.ts), within what a person waits for a button.
const RESULT_WAIT_MS = 30_000;
const POLL_MS = 50;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const isWebLink = (s: string) => /^https?:\/\/\S+$/i.test(s);

/**
 * Greeting, body, signature as text and HTML. `link` becomes an anchor labelled `label` in the HTML
 * (only an http(s) address: a javascript: "URL" typed by staff stays text).
 */
function compose(locale: Locale, name: string, subject: string, body: string, link: string, label: string): MailContent {
  const m = mailMessages(locale);
  const greeting = interpolate(m.greeting, { name });
  const text = [greeting, '', body, '', m.signature].join('\n');
  const anchor = isWebLink(link) ? `<a href="${escapeHtml(link)}">${escapeHtml(label)}</a><br>${escapeHtml(link)}` : escapeHtml(link);
  const paragraphs = body
    .split('\n\n')
    // An empty link would split the paragraph between every character.
    .map((p) => `<p>${(link ? escapeHtml(p).split(escapeHtml(link)).join(anchor) : escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html><html><body><p>${escapeHtml(greeting)}</p>${paragraphs}<p>${escapeHtml(m.signature)}</p></body></html>`;
  return { subject, text, html };
}

/**
 * The language of the welcome mail: a locale or language tag as it is (fr-BE, nl), else a region
 * slug by spec section 9 (English for uk, sa, usa, GB, US, ZA, AU, IE; French for fr, FR; else English).
 * @example welcomeLocale('fr-BE') // 'fr-BE'
 * @example welcomeLocale('FR') // 'fr-FR'
 * @example welcomeLocale('usa') // 'en-GB'
 */
export function welcomeLocale(lang: string): Locale {
  return localeForTag(lang) ?? toLocale(languageForRegion(lang.trim()));
}

/** The welcome mail of a signed agreement's dealer, in `locale`. */
export function welcomeMail(locale: Locale, data: WelcomeMailInput['data']): MailContent {
  const m = mailMessages(locale);
  const link = data.editionsurl.trim();
  const body = interpolate(m.welcome_text, { link, contact: cleanName(data.keyContact).trim(), telephone: cleanName(data.regionTelephone).trim() });
  return compose(locale, cleanName(data.username).trim(), m.welcome_subject, body, link, m.link_label_welcome);
}

/** "An order form waits for your signature", with the portal's signing page, in `locale`. */
export function signRequestMail(locale: Locale, name: string, link: string, document: string): MailContent {
  const m = mailMessages(locale);
  return compose(locale, cleanName(name).trim(), m.sign_request_subject, interpolate(m.sign_request_text, { link, document: cleanName(document) }), link, m.link_label_sign);
}

/** "{company} signed {agreement}", to a member of staff, in `locale`. */
export function signedNoticeMail(locale: Locale, name: string, params: { agreement: string; company: string; date: string; link: string }): MailContent {
  const m = mailMessages(locale);
  return compose(locale, name, interpolate(m.signed_subject, params), interpolate(m.signed_text, params), params.link, m.link_label_agreement);
}

/**
 * The reminder to the signer of an agreement still waiting for their signature (issue 55), in
 * `locale`: when it was sent, the expiry if it has one, and the signing link.
 */
export function signReminderMail(locale: Locale, name: string, params: { agreement: string; sent: string; link: string; expires: string | null }): MailContent {
  const m = mailMessages(locale);
  const { expires, ...values } = params;
  const body = [interpolate(m.agreement_reminder_text, values), ...(expires ? [interpolate(m.agreement_expires, { date: expires })] : []), interpolate(m.agreement_sign_here, values)].join('\n\n');
  return compose(locale, cleanName(name).trim(), m.agreement_reminder_subject, body, values.link, m.link_label_sign);
}

/** "{agreement} expired unsigned", to its salesperson, in `locale`, linking to the order form to send it again. */
export function expiredNoticeMail(locale: Locale, name: string, params: { agreement: string; company: string; date: string; link: string }): MailContent {
  const m = mailMessages(locale);
  return compose(locale, cleanName(name).trim(), interpolate(m.agreement_expired_subject, params), interpolate(m.agreement_expired_text, params), params.link, m.link_label_agreement);
}

/** The 422 of a recipient address that is not one, before anything is queued. */
export function checkAddress(address: string, field: string): string {
  const to = address.trim();
  if (!isEmail(to)) throw new Invalid(serverMessages.account.invalid_email, [{ detail: serverMessages.account.invalid_email, field }]);
  return to;
}

/**
 * POST /mail/{id}: the welcome mail, sent through the outbox now, answering what the relay said.
 * A mail the relay refused (or a relay that cannot be reached) is reported in `failures` and taken
 * out of the outbox, so the answer stays true: the staff member who reads "failed" sends it again
 * when the address is fixed, and no retry delivers a second copy behind their back. Without an
 * SMTP relay (development) the mail stays in the outbox, printed to the log, and is reported as not sent.
 */
export async function sendWelcomeMail(deps: Deps, input: WelcomeMailInput): Promise<MailResult> {
  const to = checkAddress(input.to, 'to');
  const mail = welcomeMail(welcomeLocale(input.lang), input.data);
  const [row] = await deps.db.insert(mailOutbox).values({ to, subject: mail.subject, text: mail.text, html: mail.html }).returning({ id: mailOutbox.id });
  const emailId = row.id;
  if (!deps.config.smtpUrl) {
    await deps.mail.flush();
    return { sent: false, failures: [`${to}: ${serverMessages.mail.not_configured}`], emailId };
  }

  const deadline = Date.now() + RESULT_WAIT_MS;
  for (;;) {
    // A pass sends the due mails oldest first; ours may wait behind a few (or behind a pass
    // already running, which flush() joins), hence the loop.
    await deps.mail.flush();
    const [now] = await deps.db
      .select({ status: mailOutbox.status, lastError: mailOutbox.lastError, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, emailId));
    if (now.status === 'sent') {
      deps.log.info({ agreementId: input.agreementId, mailId: emailId }, 'welcome mail sent');
      return { sent: true, failures: [], emailId };
    }
    if (now.status === 'failed' || now.lastError) {
      await deps.db
        .update(mailOutbox)
        .set({ status: 'failed' })
        .where(and(eq(mailOutbox.id, emailId), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, now.attempts)));
      deps.log.warn({ agreementId: input.agreementId, mailId: emailId, err: now.lastError }, 'welcome mail not sent');
      return { sent: false, failures: [`${to}: ${now.lastError ?? 'refused'}`], emailId };
    }
    if (Date.now() >= deadline) return { sent: false, failures: [`${to}: ${serverMessages.mail.no_answer}`], emailId };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface Recipient {
  id: number;
  name: string;
  email: string;
}

/**
 * The company's account manager: the one on the config linked to this agreement, else on the
 * company's most recently changed config that has one (companies keep their account manager on
 * their configs, spec section 3 Config).
 */
async function accountManagerOf(db: Db | Tx, companyId: number, agreementId: number): Promise<Recipient | undefined> {
  const [found] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(configs)
    .innerJoin(users, eq(users.id, configs.accountManagerId))
    .where(and(eq(configs.companyId, companyId), isNotNull(configs.accountManagerId), eq(users.status, 'active')))
    .orderBy(sql`${configs.agreementId} IS NOT DISTINCT FROM ${agreementId} DESC`, desc(configs.updatedAt), desc(configs.id))
    .limit(1);
  return found;
}

/**
 * "The agreement was signed" to its salesperson (agreements.user_id) and the company's account
 * manager (one mail when they are the same person), each in their own language (mail.locale.ts:
 * their company's language, else UK English). Pass the signing transaction as `tx` so the
 * notices go out if and only if the signature is stored.
 */
export async function queueSignedNotices(deps: Deps, input: { agreementId: number }, tx: Db | Tx = deps.db): Promise<void> {
  const [agreement] = await tx
    .select({ id: agreements.id, name: agreements.name, companyId: agreements.companyId, userId: agreements.userId, signedAt: agreements.signedAt, company: companies.name })
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.companyId))
    .where(eq(agreements.id, input.agreementId));
  if (!agreement) throw new NotFound(serverMessages.not_found);

  const recipients = new Map<number, Recipient>();
  if (agreement.userId != null) {
    const [salesperson] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, agreement.userId), eq(users.status, 'active')));
    if (salesperson) recipients.set(salesperson.id, salesperson);
  }
  const manager = await accountManagerOf(tx, agreement.companyId, agreement.id);
  if (manager) recipients.set(manager.id, manager);

  const params = {
    // Named as the preview, the PDF and the list name it: its name and its reference.
    agreement: `${cleanName(agreement.name)} (${agreementReference(agreement.id)})`,
    company: cleanName(agreement.company),
    date: ddmmyyyy(agreement.signedAt ?? new Date()),
    link: `${deps.config.publicUrl()}/#/agreements/${agreement.id}/preview`,
  };
  for (const person of recipients.values()) {
    const mail = signedNoticeMail(await mailLocaleFor(tx, person.id), person.name, params);
    await deps.mail.enqueue(tx, { to: person.email, ...mail });
  }
}
