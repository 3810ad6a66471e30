// Demo review threads (issue 55) on Demo Motors' config, so a first start shows the review screens
// with something in them: on its submitted locations, Pat Project asks about the York postcode
// (a field thread) and Dana Dealer answers; Pat then asks Dana, by a mention, about a third site
// (a whole-stage thread); on its completed company information a note of Pat's he has resolved.
// With the bell rows those comments gave: Dana's mention, Pat's reply. Written as the reviews area
// writes them (its anchors, its words in the reader's language, its keys, its links), dated
// between the config's last save and now so the history and the threads tell one story. Seeded
// once per database (also one seeded before reviews existed); nothing without the demo config.
import { and, count, eq, inArray, max } from 'drizzle-orm';
import { MENTION_PATTERN, mentionToken } from '../../contract/reviews';
import { channelsFor, digestPending } from '../mail/mail.deliver';
import { mailLocaleFor } from '../mail/mail.locale';
import { interpolate, mailMessages } from '../messages';
import { anchorOf } from '../reviews/reviews.anchor';
import { plainComment, stagePath, stageTitle } from '../reviews/reviews.notify';
import type { Db, Tx } from './database';
import { takeSeedLock } from './locks';
import { companies, configComments, configMeta, configRevisions, configs, configThreads, userNotifications, users } from './schema';

const CONFIG = { name: 'Demo Motors website', company: 'Demo Motors' };
const PM = 'pm@demo.test';
const DEALER = 'dealer@demo.test';

type Person = { id: number; name: string };

/** The threads, oldest first; `at` is how far between the config's last save (0) and now (1) each comment was written. */
const threads = (pm: Person, dealer: Person) => [
  {
    stage: 'company-information',
    pointer: '/companyInformation/regAddress/line1',
    comments: [{ by: pm, at: 1 / 7, body: 'The registered address goes in the footer of every page: please make sure it is the one Companies House has.' }],
    resolved: { by: pm, at: 2 / 7 },
  },
  {
    stage: 'locations',
    pointer: '/locations/1/postcode',
    comments: [
      { by: pm, at: 3 / 7, body: 'Is YO30 4XZ the postcode customers should use for the York showroom? The map on its location page is placed from it.' },
      { by: dealer, at: 4 / 7, body: 'Yes, that is the showroom. Deliveries go round the back, but customers should use this one.' },
    ],
  },
  {
    stage: 'locations',
    pointer: '',
    comments: [{ by: pm, at: 6 / 7, body: `${mentionToken(dealer)} are Leeds and York the only sites for launch? If the Harrogate body shop opens before then, please add it here.` }],
  },
];

/** Seeds the demo threads once; false when there were threads already or the demo config or users are missing. */
export async function seedDemoReviews(db: Db): Promise<boolean> {
  const done = async (tx: Db) => (await tx.select({ n: count() }).from(configThreads))[0].n > 0;
  if (await done(db)) return false;
  const [config] = await db
    .select({ id: configs.id, name: configs.name })
    .from(configs)
    .innerJoin(companies, eq(companies.id, configs.companyId))
    .where(and(eq(configs.name, CONFIG.name), eq(companies.name, CONFIG.company)))
    .limit(1);
  const people = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.email, [PM, DEALER]));
  const pm = people.find((p) => p.email === PM);
  const dealer = people.find((p) => p.email === DEALER);
  if (!config || !pm || !dealer) return false;

  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // The seed lock (locks.ts): instances starting at once seed these once.
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    const [{ saved }] = await tx.select({ saved: max(configRevisions.createdAt) }).from(configRevisions).where(eq(configRevisions.configId, config.id));
    const now = Date.now();
    const from = Math.min(saved?.getTime() ?? now - 3_600_000, now);
    const when = (at: number) => new Date(from + Math.floor((now - from) * at));
    const ctx = { tx, config, when };

    for (const demo of threads(pm, dealer)) {
      const anchor = anchorOf(demo.stage, await stageData(tx, config.id, demo.stage), demo.pointer);
      // Demo data is ours: a pointer that does not resolve in the seeded data is a wrong seed.
      if (!anchor) throw new Error(`demo thread on ${demo.stage} ${demo.pointer}: not in the stage's data`);
      const [first, ...replies] = demo.comments;
      const last = demo.resolved?.at ?? demo.comments.at(-1)!.at;
      const [thread] = await tx
        .insert(configThreads)
        .values({
          configId: config.id, stage: demo.stage, pointer: anchor.pointer, rowList: anchor.rowList, rowId: anchor.rowId, createdBy: first.by.id, createdAt: when(first.at),
          resolvedBy: demo.resolved?.by.id ?? null, resolvedAt: demo.resolved ? when(demo.resolved.at) : null, updatedAt: when(last),
        })
        .returning({ id: configThreads.id });
      const authors: number[] = [];
      for (const c of [first, ...replies]) {
        const mentions = [...new Set([...c.body.matchAll(MENTION_PATTERN)].map((found) => Number(found[2])))];
        const [comment] = await tx.insert(configComments).values({ threadId: thread.id, authorId: c.by.id, body: c.body, mentions, createdAt: when(c.at) }).returning({ id: configComments.id });
        const note = { id: comment.id, stage: demo.stage, by: c.by, body: c.body, at: when(c.at) };
        for (const id of mentions) if (id !== c.by.id) await bell(ctx, id, 'mention', note);
        // A reply tells the thread's earlier authors (reviews.service.ts), in the app.
        for (const id of new Set(authors)) if (id !== c.by.id && !mentions.includes(id)) await bell(ctx, id, 'reply', note);
        authors.push(c.by.id);
      }
    }
    return true;
  });
}

async function stageData(tx: Db | Tx, configId: number, slug: string): Promise<unknown> {
  const [row] = await tx.select({ value: configMeta.metaValue }).from(configMeta).where(and(eq(configMeta.configId, configId), eq(configMeta.metaKey, `stage_data_${slug}`)));
  return row?.value ?? {};
}

interface Seeding {
  tx: Db;
  config: { id: number; name: string };
  when: (at: number) => Date;
}

/**
 * The bell row a mention or a reply gives (server/reviews/reviews.notify.ts): the same event, key,
 * link and words in the reader's language, as their channel says (no row for `none`). No mail: the
 * demo's comments were written before this installation existed.
 */
async function bell(s: Seeding, userId: number, event: 'mention' | 'reply', c: { id: number; stage: string; by: Person; body: string; at: Date }): Promise<void> {
  const channel = (await channelsFor(s.tx, [userId], event)).get(userId) ?? 'none';
  if (channel === 'none') return;
  const locale = await mailLocaleFor(s.tx, userId);
  const m = mailMessages(locale);
  const values = { name: c.by.name, config: s.config.name, stage: stageTitle(locale, c.stage), comment: plainComment(c.body, 200) };
  const words =
    event === 'mention'
      ? { title: interpolate(m.review_mention_subject, values), body: interpolate(m.review_mention_body, values) }
      : { title: interpolate(m.review_reply_subject, values), body: plainComment(c.body, 200) };
  await s.tx
    .insert(userNotifications)
    .values({ userId, recipient: `user:${userId}`, event, key: `${event}:${c.id}`, ...words, link: stagePath(s.config.id, c.stage), digestPending: digestPending(channel), createdAt: c.at })
    .onConflictDoNothing({ target: [userNotifications.recipient, userNotifications.key] });
}
