import { renderMarkdown } from '../../../engine/react';
import { MENTION_PATTERN, mentionToken } from '../../../contract/reviews';

/**
 * The token that mentions a person in a comment, as the server reads it (contract/reviews.ts:
 * brackets and line breaks dropped from the name).
 * @example mentionToken({ id: 7, name: 'Pat Project' }) // '@[Pat Project](user:7)'
 */
export { mentionToken };

/** A piece of a comment's body: plain text, or a mention of a person. */
export type BodyPart = { kind: 'text'; text: string } | { kind: 'mention'; id: number; name: string };

/**
 * A comment's body as text and mentions, in order.
 * @example parseMentions('Hi @[Pat](user:7)!') // [{ kind: 'text', text: 'Hi ' }, { kind: 'mention', id: 7, name: 'Pat' }, { kind: 'text', text: '!' }]
 */
export function parseMentions(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const m of body.matchAll(MENTION_PATTERN)) {
    if (m.index > last) parts.push({ kind: 'text', text: body.slice(last, m.index) });
    parts.push({ kind: 'mention', id: Number(m[2]), name: m[1] });
    last = m.index + m[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The ids of the people a body mentions, each once. */
export function mentionedIds(body: string): number[] {
  return [...new Set(parseMentions(body).flatMap((p) => (p.kind === 'mention' ? [p.id] : [])))];
}

/**
 * Markdown's marks taken out of a text, its words kept: a preview reads "the showroom postcode",
 * not "the **showroom** postcode" (links and images keep their text; headings, quotes and list
 * markers go).
 */
const unmark = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
    // Underscores mark emphasis only at a word's edge (snake_case stays as typed).
    .replace(/(^|\W)__(.+?)__(?=\W|$)/g, '$1$2')
    .replace(/(^|\W)_(\S(?:.*?\S)?)_(?=\W|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '');

/**
 * A body as one line of plain text ("@Pat, please check"), for previews and accessible names:
 * mentions as "@Name", markdown's marks left out.
 * @example plainBody('Hi @[Pat](user:7), the **showroom**') // 'Hi @Pat, the showroom'
 */
export function plainBody(body: string): string {
  return parseMentions(body)
    .map((p) => (p.kind === 'text' ? unmark(p.text) : `@${p.name}`))
    .join('');
}

/** A run of characters markdown would read as syntax, written literally. */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
/** Markers no typed text can hold (private-use characters are dropped from the body first). */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A comment's body as safe HTML: markdown rendered as the rest of the portal renders it
 * (`renderMarkdown`: raw HTML escaped, only http(s)/mailto links), each mention as a bold "@Name"
 * (`<strong class="mention" data-user="7">`).
 * @example commentHtml('**Postcode** for @[Pat](user:7) <b>') // '<p><strong>Postcode</strong> for <strong class="mention" data-user="7">@Pat</strong> &lt;b&gt;</p>\n'
 */
export function commentHtml(body: string): string {
  const clean = body.replace(/[\uE000-\uE001]/g, '');
  const marked = parseMentions(clean)
    .map((p) => (p.kind === 'text' ? p.text : `${OPEN}${p.id}:${escapeMarkdown(p.name)}${CLOSE}`))
    .join('');
  return renderMarkdown(marked).replace(new RegExp(`${OPEN}(\\d+):([^${CLOSE}]*)${CLOSE}`, 'g'), (_m, id: string, name: string) => `<strong class="mention" data-user="${id}">@${name}</strong>`);
}

/** The `@name` being typed just before the caret, or null. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2].length - 1, query: m[2] } : null;
}

/**
 * `text` with the `@name` typed before `caret` replaced by `person`'s mention token (and a space);
 * the caret goes after it.
 * @example insertMention('Hi @pa', 6, { id: 7, name: 'Pat Project' }) // { text: 'Hi @[Pat Project](user:7) ', caret: 26 }
 */
export function insertMention(text: string, caret: number, person: { id: number; name: string }): { text: string; caret: number } {
  const at = mentionQuery(text, caret);
  const start = at ? at.start : caret;
  const token = `${mentionToken(person)} `;
  return { text: text.slice(0, start) + token + text.slice(caret), caret: start + token.length };
}
