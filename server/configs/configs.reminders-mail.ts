/**
 * The words of a reminder of untouched stages (issue 55) in the reader's language: the bell's title
 * and body, and the mail naming every stage still waiting, as a list, with a link to the next one.
 * Wording: locales/<locale>/errors.json `mail.stages_waiting_*`; stage titles as the configurator
 * shows them, by the config's own stage versions (`title`; else reviews.notify.ts `stageTitle`).
 */
import type { MailContent } from '../mail/mail.text';
import type { MailLocale } from '../mail/mail.locale';
import { interpolate, mailMessages } from '../messages';
import { stageTitle } from '../reviews/reviews.notify';

/** The bell's body names the stages up to about this many characters (a config may have forty open). */
const BODY_MAX = 200;

/** What a reminder is about. */
export interface StagesWaiting {
  config: string;
  /** The open stages' slugs, in the configurator's order; the first is the one the link opens. */
  stages: string[];
  /** When the config was last saved (the mails say since when nothing was). */
  lastSaved: Date;
  /** The full address of the next stage (the mail's link). */
  link: string;
  /** Names a stage in a language as the config has it (catalogue.versions.ts `stageNamer`); the shipped titles without it. */
  title?: (locale: MailLocale, slug: string) => string;
}

/** dd/mm/yyyy (spec section 5), in UTC as the sweep's days are. */
const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** Names joined with commas, cut at a name's end before `max` characters (then "…"). */
function shortList(names: string[], max: number): string {
  let out = '';
  for (const name of names) {
    const next = out ? `${out}, ${name}` : name;
    if (next.length > max) return out ? `${out}, …` : `${name.slice(0, max - 1)}…`;
    out = next;
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The bell's title and body and the mail's text and HTML in `locale`, for a person called `name`. */
export function stagesWaitingWords(locale: MailLocale, name: string, w: StagesWaiting): { title: string; body: string; mail: MailContent } {
  const m = mailMessages(locale);
  const titles = w.stages.map((slug) => (w.title ?? stageTitle)(locale, slug));
  const values = { config: w.config, date: ddmmyyyy(w.lastSaved), stage: titles[0], link: w.link };
  const title = interpolate(m.stages_waiting_subject, values);
  const body = interpolate(m.stages_waiting_body, { ...values, stages: shortList(titles, BODY_MAX) });
  // The list is left as its placeholder (interpolate keeps unknown ones) and made a block of its own:
  // "- title" lines in the text mail, a <ul> in the HTML one.
  const LIST = '{{stages}}';
  const words = interpolate(m.stages_waiting_text, values);
  const greeting = interpolate(m.greeting, { name });
  const text = [greeting, '', words.replace(LIST, () => titles.map((t) => `- ${t}`).join('\n')), '', m.signature].join('\n');
  const paragraphs = words
    .split('\n\n')
    .map((p) =>
      p.trim() === LIST
        ? `<ul>${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
        : `<p>${escapeHtml(p.replace(LIST, () => titles.join(', '))).replace(escapeHtml(w.link), `<a href="${escapeHtml(w.link)}">${escapeHtml(m.link_label_review)}</a><br>${escapeHtml(w.link)}`)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html><body><p>${escapeHtml(greeting)}</p>${paragraphs}<p>${escapeHtml(m.signature)}</p></body></html>`;
  return { title, body, mail: { subject: title, text, html } };
}
