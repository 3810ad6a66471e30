/**
 * What a config review tells people (issue 55): an in-app notification (`user_notifications`, the
 * bell) per person and occurrence, and for a mention or a request for changes a mail through the
 * outbox, both in the caller's transaction and in the reader's language (their current company's,
 * else UK English: server/mail/mail.locale.ts). The unique (recipient, key) makes each occurrence go
 * once per person, so a retried or edited comment never notifies twice. Also the NOTIFY that tells
 * the event streams of every instance that a thread changed (channel `config_events`, migration 0026).
 *
 * The configs area uses `notifyChangesRequested` (eslint.config.js AREA_ALLOWS).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MENTION_PATTERN } from '../../contract/reviews';
import { engineT, getStage, hasStage } from '../../engine';
import type { Db, Tx } from '../db/database';
import { companyUsers, userNotifications, users } from '../db/schema';
import { channelsFor, digestPending } from '../mail/mail.deliver';
import { mailLocaleFor, type MailLocale } from '../mail/mail.locale';
import { reviewMail } from '../mail/mail.text';
import { interpolate, mailMessages } from '../messages';
import type { AppServices } from '../plugins/services';

type Deps = Pick<AppServices, 'mail' | 'config'>;

/** The channel the instances' event streams listen on (migration 0026's trigger writes `saved` there). */
export const CONFIG_EVENTS = 'config_events';

/** Tells every instance's event streams that a thread of the config changed (sent when the transaction commits). */
export async function threadEvent(tx: Db | Tx, configId: number, threadId: number, stage: string): Promise<void> {
  const payload = JSON.stringify({ kind: 'thread', config_id: configId, thread_id: threadId, stage });
  await tx.execute(sql`SELECT pg_notify(${CONFIG_EVENTS}, ${payload})`);
}

/** The app's address of a config's stage (the bell's link) and the mail's full link. */
export const stagePath = (configId: number, slug: string) => `/configurator/${configId}/${encodeURIComponent(slug)}`;
const stageLink = (deps: Deps, configId: number, slug: string) => `${deps.config.publicUrl()}/#${stagePath(configId, slug)}`;

/**
 * A shipped stage's title in `locale` (its slug when the shipped catalogue has no such stage): for
 * the demo data. A config's stages are named by the config's own versions (`ReviewContext.stageTitle`,
 * catalogue.versions.ts `stageNamer`): a stage born in the editor is only there.
 */
export function stageTitle(locale: MailLocale, slug: string): string {
  return hasStage(slug) ? engineT(locale)(getStage(slug).title) : slug;
}

/** A comment as a mail or notification shows it: mentions as `@Name`, at most `max` characters. */
export function plainComment(body: string, max = 2000): string {
  const text = body.replace(MENTION_PATTERN, (_whole, name: string) => `@${name}`);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

interface Recipient {
  id: number;
  name: string;
  email: string;
}

async function recipients(tx: Db | Tx, ids: number[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  return tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(inArray(users.id, ids), eq(users.status, 'active')));
}

/** What the words of one occurrence need. */
export interface ReviewContext {
  config: { id: number; name: string };
  stage: string;
  /** The stage's title in a reader's language, as the config has it (its pinned version's labels). */
  stageTitle: (locale: MailLocale) => string;
  /** Who did it (named in the words). */
  by: { id: number; name: string };
}

type Event = 'mention' | 'reply' | 'changes_requested';

/**
 * One notification per person (`key` the occurrence) and, with `mail`, its mail, each in the person's
 * language; returns the ids of the people notified now (those notified of it before are skipped).
 */
async function notifyEach(
  deps: Deps,
  tx: Tx,
  people: Recipient[],
  ctx: ReviewContext,
  event: Event,
  key: string,
  words: (locale: MailLocale, person: Recipient) => { title: string; body: string; mail: string },
): Promise<number[]> {
  const notified: number[] = [];
  // How each wants to hear of it (mail/mail.deliver.ts): nothing, the bell, the digest or a mail too.
  const channels = await channelsFor(tx, people.map((p) => p.id), event);
  for (const person of people) {
    const channel = channels.get(person.id)!;
    if (channel === 'none') continue;
    const locale = await mailLocaleFor(tx, person.id);
    const w = words(locale, person);
    const [row] = await tx
      .insert(userNotifications)
      .values({ userId: person.id, recipient: `user:${person.id}`, event, key, title: w.title, body: w.body, link: stagePath(ctx.config.id, ctx.stage), digestPending: digestPending(channel) })
      .onConflictDoNothing({ target: [userNotifications.recipient, userNotifications.key] })
      .returning({ id: userNotifications.id });
    if (!row) continue;
    notified.push(person.id);
    if (channel === 'mail') {
      const mail = reviewMail(locale, person.name, w.title, w.mail, stageLink(deps, ctx.config.id, ctx.stage));
      await deps.mail.enqueue(tx, { to: person.email, ...mail });
    }
  }
  return notified;
}

/** The people a comment mentions (not its author): a notification and a mail each, once per comment. */
export async function notifyMentions(deps: Deps, tx: Tx, ctx: ReviewContext, commentId: number, body: string, mentioned: number[]): Promise<number[]> {
  const people = await recipients(tx, mentioned.filter((id) => id !== ctx.by.id));
  return notifyEach(deps, tx, people, ctx, 'mention', `mention:${commentId}`, (locale) => {
    const m = mailMessages(locale);
    const values = { name: ctx.by.name, config: ctx.config.name, stage: ctx.stageTitle(locale), comment: plainComment(body), link: stageLink(deps, ctx.config.id, ctx.stage) };
    return {
      title: interpolate(m.review_mention_subject, values),
      body: interpolate(m.review_mention_body, { ...values, comment: plainComment(body, 200) }),
      mail: interpolate(m.review_mention_text, values),
    };
  });
}

/** The others in a thread (its earlier authors) hear of a reply: in the app by default (a thread can be long), by mail if they chose it. */
export async function notifyReply(deps: Deps, tx: Tx, ctx: ReviewContext, commentId: number, body: string, participants: number[]): Promise<number[]> {
  const people = await recipients(tx, [...new Set(participants)].filter((id) => id !== ctx.by.id));
  return notifyEach(deps, tx, people, ctx, 'reply', `reply:${commentId}`, (locale) => {
    const m = mailMessages(locale);
    const values = { name: ctx.by.name, config: ctx.config.name, stage: ctx.stageTitle(locale), comment: plainComment(body), link: stageLink(deps, ctx.config.id, ctx.stage) };
    return {
      title: interpolate(m.review_reply_subject, values),
      body: plainComment(body, 200),
      mail: interpolate(m.review_reply_text, values),
    };
  });
}

/**
 * A request for changes: every active user of the config's company (its dealers) gets a notification
 * and a mail naming the stage and linking to it, with the reviewer's message. `version` names the
 * occurrence (the config's version the request wrote).
 */
export async function notifyChangesRequested(deps: Deps, db: Db, ctx: ReviewContext & { companyId: number; version: number; message: string }): Promise<number[]> {
  return db.transaction(async (tx) => {
    const members = await tx.select({ id: companyUsers.userId }).from(companyUsers).where(eq(companyUsers.companyId, ctx.companyId));
    const people = await recipients(tx, members.map((m) => m.id).filter((id) => id !== ctx.by.id));
    return notifyEach(deps, tx, people, ctx, 'changes_requested', `changes_requested:${ctx.config.id}:${ctx.version}`, (locale) => {
      const m = mailMessages(locale);
      const values = { name: ctx.by.name, config: ctx.config.name, stage: ctx.stageTitle(locale), link: stageLink(deps, ctx.config.id, ctx.stage), message: ctx.message };
      const said = ctx.message ? interpolate(m.review_changes_message, values) : '';
      return {
        title: interpolate(m.review_changes_subject, values),
        body: said || interpolate(m.review_changes_body, values),
        // The message as a paragraph of its own, before the link's.
        mail: said ? interpolate(m.review_changes_text, values).replace(/\n\n(?=[^\n]*$)/, () => `\n\n${said}\n\n`) : interpolate(m.review_changes_text, values),
      };
    });
  });
}
