import { interpolate, mailMessages } from '../messages';
import type { MailLocale } from './mail-locale';

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
