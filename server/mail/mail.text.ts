import { interpolate, mailMessages } from '../messages';
import type { MailLocale } from './mail.locale';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function compose(m: ReturnType<typeof mailMessages>, subject: string, name: string, body: string, link: string, label: string): MailContent {
  const text = [interpolate(m.greeting, { name }), '', body, '', m.signature].join('\n');
  const paragraphs = body
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(label)}</a><br>${escapeHtml(link)}`)}</p>`)
    .join('');
  const html = `<!doctype html><html><body><p>${escapeHtml(interpolate(m.greeting, { name }))}</p>${paragraphs}<p>${escapeHtml(m.signature)}</p></body></html>`;
  return { subject, text, html };
}

/** The forgot-password mail in `locale` (texts from locales/<locale>/errors.json `mail`). */
export function resetMail(locale: MailLocale, name: string, link: string, minutes: number): MailContent {
  const m = mailMessages(locale);
  return compose(m, m.reset_subject, name, interpolate(m.reset_text, { link, minutes }), link, m.link_label_reset);
}

/** The new-user mail with a set-password link, in `locale`. */
export function setPasswordMail(locale: MailLocale, name: string, link: string, hours: number): MailContent {
  const m = mailMessages(locale);
  return compose(m, m.set_subject, name, interpolate(m.set_text, { link, hours }), link, m.link_label_set);
}

/** The link that confirms a new email address, sent to that address, in `locale`. */
export function emailChangeMail(locale: MailLocale, name: string, link: string, hours: number): MailContent {
  const m = mailMessages(locale);
  return compose(m, m.email_change_subject, name, interpolate(m.email_change_text, { link, hours }), link, m.link_label_email_change);
}

/**
 * The notice to the old address that a change to `newEmail` was asked for, with the forgot-password
 * page for an owner who did not ask (`link`), in `locale`.
 */
export function emailChangeNoticeMail(locale: MailLocale, name: string, newEmail: string, link: string): MailContent {
  const m = mailMessages(locale);
  return compose(m, m.email_notice_subject, name, interpolate(m.email_notice_text, { email: newEmail, link }), link, m.link_label_reset);
}

/**
 * A config review's mail (issue 55: a mention, a request for changes) in `locale`: `text` is already
 * in the reader's words (from `mail.review_*`), `link` the stage it is about, shown as a link.
 */
export function reviewMail(locale: MailLocale, name: string, subject: string, text: string, link: string): MailContent {
  const m = mailMessages(locale);
  return compose(m, subject, name, text, link, m.link_label_review);
}
