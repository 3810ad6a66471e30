/**
 * The daily digest's words (locales/<locale>/errors.json `mail.digest_*`, greeting and signature as
 * every mail has them): one entry per notification, oldest first, each its title, its text and a
 * link to where it leads; then where to change the settings. Plain text and HTML, as the other mails.
 */
import type { MailLocale } from '../mail/mail.locale';
import type { MailContent } from '../mail/mail.text';
import { interpolate, mailMessages } from '../messages';

/** One notification as the digest lists it; `link` is the app path (`/configurator/12/locations`). */
export interface DigestItem {
  title: string;
  body: string;
  link: string | null;
}

/** At most this many are written out; the rest are counted ("and 12 more in the app"): a mail stays readable. */
export const DIGEST_MAX_ITEMS = 100;

/** The app's path of the preferences page (src/notifications/routes.ts). */
export const PREFERENCES_PATH = '/notifications/preferences';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The digest of `day` (YYYY-MM-DD, UTC) for `name`, in `locale`. `publicUrl` is the app's address:
 * a link is `${publicUrl}/#${path}`, as every mail writes it.
 */
export function digestMail(locale: MailLocale, name: string, day: string, items: readonly DigestItem[], publicUrl: string): MailContent {
  const m = mailMessages(locale);
  const full = (path: string) => `${publicUrl}/#${path}`;
  const shown = items.slice(-DIGEST_MAX_ITEMS);
  const more = items.length - shown.length;
  const settings = full(PREFERENCES_PATH);

  const textItems = shown.map((item) => [item.title, item.body, item.link ? interpolate(m.digest_open, { link: full(item.link) }) : ''].filter(Boolean).join('\n'));
  const text = [
    interpolate(m.greeting, { name }),
    '',
    m.digest_intro,
    '',
    ...(more ? [interpolate(m.digest_more, { count: more }), ''] : []),
    ...textItems.flatMap((entry) => [entry, '']),
    interpolate(m.digest_settings, { link: settings }),
    '',
    m.signature,
  ].join('\n');

  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const htmlItems = shown
    .map((item) => `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.body)}${item.link ? `<br>${link(full(item.link), m.digest_open_label)}` : ''}</li>`)
    .join('');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(interpolate(m.greeting, { name }))}</p>`,
    `<p>${escapeHtml(m.digest_intro)}</p>`,
    more ? `<p>${escapeHtml(interpolate(m.digest_more, { count: more }))}</p>` : '',
    `<ul>${htmlItems}</ul>`,
    `<p>${escapeHtml(interpolate(m.digest_settings, { link: settings })).replace(escapeHtml(settings), link(settings, m.digest_settings_label))}</p>`,
    `<p>${escapeHtml(m.signature)}</p>`,
    '</body></html>',
  ].join('');

  return { subject: interpolate(m.digest_subject, { date: ddmmyyyy(day) }), text, html };
}
