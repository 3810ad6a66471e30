/**
 * POST /configs/{guid}/mail/{type}: a message about a config to its project or account manager,
 * written to the mail outbox (the worker sends it). The answer is the spec's mail result (section
 * 3): `email_id` (the outbox row written; null when nothing was sent), `status`, `failures`.
 */
import { configMessages, interpolate, mailMessages, serverMessages } from '../messages';
import { cleanText } from '../http/clean-text';
import { findConfig } from './configs.service';
import { mailLocaleFor } from '../mail/mail.locale';
import { CONFIG_MAIL_RULE, countAttempt, rateKeys } from '../auth/auth.rate-limit';
import type { Viewer } from '../db/tenancy';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

export type MailType = 'project_manager' | 'account_manager';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function mailConfigContact(deps: Deps, viewer: Viewer & { name: string }, key: string, type: MailType, body: { message?: string | null }) {
  const config = await findConfig(deps, viewer, key, undefined, false);
  const recipient = type === 'project_manager' ? config.projectManager : config.accountManager;
  // No manager assigned (or one without an address): nothing to send, and the answer says so.
  if (!recipient?.email) return { data: { email_id: null, status: 'failure' as const, failures: [type] }, message: serverMessages.configs.mail_failed };
  await countAttempt(deps, rateKeys.configMail(viewer.id), CONFIG_MAIL_RULE);

  const locale = await mailLocaleFor(deps.db, recipient.id);
  const m = configMessages(locale);
  const { greeting, signature } = mailMessages(locale);
  const link = `${deps.config.publicUrl()}/#/configurator/${config.row.id}/dashboard`;
  const params = { sender: viewer.name, company: config.company.name, config: config.row.name, progress: config.row.progress };
  const note = cleanText(body.message ?? '').trim();
  const intro = interpolate(m.mail_intro, params);
  const linkLine = interpolate(m.mail_link, { link });
  const text = [interpolate(greeting, { name: recipient.name }), '', intro, ...(note ? ['', note] : []), '', linkLine, '', signature].join('\n');
  const html = [
    `<!doctype html><html><body><p>${escapeHtml(interpolate(greeting, { name: recipient.name }))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    note ? `<p>${escapeHtml(note).replace(/\n/g, '<br>')}</p>` : '',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(m.mail_link_label)}</a><br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(signature)}</p></body></html>`,
  ].join('');
  const emailId = await deps.mail.enqueue(deps.db, { to: recipient.email, subject: interpolate(m.mail_subject, params), text, html });
  return { data: { email_id: emailId, status: 'sent' as const, failures: [] as string[] }, message: serverMessages.configs.mail_sent };
}
