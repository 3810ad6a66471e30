/**
 * Reminders of untouched stages (issue 55): when nothing of an active config was saved for its
 * company's `reminder_days` (null: off) and some of its stages are still waiting for the dealer,
 * every active user of the company hears of it once, as their channel for `stages_waiting` says
 * (mail/mail.deliver.ts): a bell row linking to the next stage waiting and, by mail, a mail naming
 * every one of them in their language.
 *
 * The occurrence is the config's version (`stages_waiting:{configId}:{version}`): a reminder comes
 * again only after another save and another quiet period. The unique (recipient, key) of
 * user_notifications makes several instances sweeping at once remind each person once.
 *
 * Run by server/sweep.ts every pass: the candidates are found in SQL, a batch at a time by id (the
 * quiet period, the open stages and "not reminded of this version yet" are all in the query, so a
 * config reminded or finished costs nothing on later passes); each config is then reminded in a
 * short transaction of its own.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { stageCatalogue } from '../../engine';
import { publishedBornDefinitions, stageNamer, type StageNamer } from '../catalogue/catalogue.versions';
import type { Tx } from '../db/database';
import { companies, companyUsers, configMeta, configs, userNotifications, users } from '../db/schema';
import { channelsFor, digestPending } from '../mail/mail.deliver';
import { mailLocaleFor, type MailLocale } from '../mail/mail.locale';
import type { AppServices } from '../plugins/services';
import { stagePath } from '../reviews/reviews.notify';
import { stagesWaitingWords } from './configs.reminders-mail';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config'>;

/** Configs read per query of the sweep: never every config at once. */
const BATCH = 200;
/** The event, and the kind of the person's channel (contract/notifications.ts). */
const EVENT = 'stages_waiting' as const;
/**
 * Companies whose dealers still fill their configs: 'created' (just set up) and 'configurator'. A
 * 'showcase' company's site is live: its dealers' portal is the showcases, the configurator is no
 * longer offered to them (src/configurator/home/ConfigProgressCard.tsx), so nothing is waiting.
 */
const FILLING = ['created', 'configurator'];
/** States of a stage that is done: what is neither waits for the dealer (engine StageState). */
const DONE_STATES = ['submitted', 'completed'];

/**
 * The stages a dealer sees, in the configurator's order: internal ones are staff-only (configs.view.ts
 * stageVisible). Published born stages too, by their newest version's audience (read every pass:
 * a stage born on another instance counts at once).
 */
async function dealerStages(deps: Deps): Promise<string[]> {
  const born = (await publishedBornDefinitions(deps.db)).map((b) => b.definition);
  return [...stageCatalogue, ...born]
    .filter((s) => s.audience !== 'internal')
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map((s) => s.slug);
}

/** The notification's key: one reminder per person and version of the config. */
export const stagesWaitingKey = (configId: number, version: number) => `${EVENT}:${configId}:${version}`;

/** When the config was last saved: its newest revision (config_revisions_config_id_idx), else its creation. */
const lastSaved = sql<Date>`coalesce((SELECT r.created_at FROM config_revisions r WHERE r.config_id = ${configs.id} ORDER BY r.id DESC LIMIT 1), ${configs.createdAt})`;

/** An enabled stage the dealer sees whose state is not done: `slugs` the dealer's stages. */
const hasOpenStage = (slugs: string[]) =>
  sql`EXISTS (SELECT 1 FROM unnest(${configs.stages}) AS s(slug) WHERE ${inArray(sql`s.slug`, slugs)}
    AND NOT EXISTS (SELECT 1 FROM config_meta m WHERE m.config_id = ${configs.id} AND m.meta_key = 'stage_state_' || s.slug
      AND m.meta_value #>> '{}' IN (${sql.join(DONE_STATES.map((s) => sql`${s}`), sql`, `)})))`;

/** Someone of the company was reminded of this version already (the unique index's lookup per member). */
const remindedOfVersion = sql`EXISTS (SELECT 1 FROM company_users cu INNER JOIN user_notifications n
  ON n.recipient = 'user:' || cu.user_id AND n.key = ${`${EVENT}:`}::text || ${configs.id} || ':' || ${configs.version}
  WHERE cu.company_id = ${configs.companyId})`;

/** The company has someone to remind (a company without active users is no work for any pass). */
const hasPeople = sql`EXISTS (SELECT 1 FROM company_users cu INNER JOIN users u ON u.id = cu.user_id WHERE cu.company_id = ${configs.companyId} AND u.status = 'active')`;

interface Candidate {
  id: number;
  version: number;
  companyId: number;
  lastSaved: Date;
  /** Its stage pins (they change only with its version, which `remind` checks). */
  pins: Record<string, number>;
}

/** The next batch of configs to remind, after `after` by id. */
async function candidates(deps: Deps, now: Date, after: number, slugs: string[]): Promise<Candidate[]> {
  const rows = await deps.db
    .select({ id: configs.id, version: configs.version, companyId: configs.companyId, lastSaved, pins: configs.stageVersions })
    .from(configs)
    .innerJoin(companies, eq(companies.id, configs.companyId))
    .where(
      and(
        gt(configs.id, after),
        eq(configs.status, 'active'),
        eq(companies.status, 'active'),
        inArray(companies.stage, FILLING),
        sql`${companies.reminderDays} IS NOT NULL`,
        sql`${lastSaved} <= ${now.toISOString()}::timestamptz - make_interval(days => ${companies.reminderDays})`,
        hasOpenStage(slugs),
        hasPeople,
        sql`NOT ${remindedOfVersion}`,
      ),
    )
    .orderBy(asc(configs.id))
    .limit(BATCH);
  // A subquery's timestamp comes back as text on some drivers.
  return rows.map((r) => ({ ...r, lastSaved: new Date(r.lastSaved) }));
}

/**
 * Reminds the company's users of one config, in the caller's transaction: the config as it is now
 * (a save since the batch was read means it is no longer untouched), its open stages in the
 * configurator's order, then one row per person and, by mail, its mail. Returns the people notified.
 */
async function remind(deps: Deps, tx: Tx, c: Candidate, slugs: string[], title: StageNamer): Promise<number> {
  const [config] = await tx.select({ name: configs.name, stages: configs.stages, version: configs.version }).from(configs).where(eq(configs.id, c.id));
  if (!config || config.version !== c.version) return 0;
  const states = await tx
    .select({ key: configMeta.metaKey, value: configMeta.metaValue })
    .from(configMeta)
    .where(and(eq(configMeta.configId, c.id), sql`${configMeta.metaKey} LIKE 'stage\\_state\\_%'`));
  const done = new Set(states.filter((s) => DONE_STATES.includes(s.value as string)).map((s) => s.key.slice('stage_state_'.length)));
  const enabled = new Set(config.stages);
  const open = slugs.filter((slug) => enabled.has(slug) && !done.has(slug));
  if (!open.length) return 0;

  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, c.companyId), eq(users.status, 'active')))
    .orderBy(asc(users.id));
  const channels = await channelsFor(tx, people.map((p) => p.id), EVENT);
  const link = stagePath(c.id, open[0]);
  const key = stagesWaitingKey(c.id, c.version);
  const what = { config: config.name, stages: open, lastSaved: c.lastSaved, link: `${deps.config.publicUrl()}/#${link}`, title };
  const wordsIn = new Map<string, ReturnType<typeof stagesWaitingWords>>();
  let notified = 0;
  for (const person of people) {
    const channel = channels.get(person.id)!;
    if (channel === 'none') continue;
    const locale: MailLocale = await mailLocaleFor(tx, person.id);
    // The words depend on the language and the greeting's name only.
    const cacheKey = `${locale}\u0000${person.name}`;
    const words = wordsIn.get(cacheKey) ?? stagesWaitingWords(locale, person.name, what);
    wordsIn.set(cacheKey, words);
    const [row] = await tx
      .insert(userNotifications)
      .values({ userId: person.id, recipient: `user:${person.id}`, event: EVENT, key, title: words.title, body: words.body, link, digestPending: digestPending(channel) })
      .onConflictDoNothing({ target: [userNotifications.recipient, userNotifications.key] })
      .returning({ id: userNotifications.id });
    // Reminded already (another instance, a pass before): no second mail.
    if (!row) continue;
    notified++;
    if (channel === 'mail') await deps.mail.enqueue(tx, { to: person.email, ...words.mail });
  }
  return notified;
}

/** One pass at `now`: every config due a reminder, in batches; returns the people notified. */
export async function sweepStageReminders(deps: Deps, now: Date): Promise<number> {
  const slugs = await dealerStages(deps);
  let notified = 0;
  let after = 0;
  for (;;) {
    const batch = await candidates(deps, now, after, slugs);
    for (const c of batch) {
      // Each stage named as the config has it (a born stage by its version's labels), read before
      // the transaction: the versions are cached per database handle, not per transaction.
      const title = await stageNamer(deps.db, c.pins);
      notified += await deps.db.transaction((tx) => remind(deps, tx, c, slugs, title));
    }
    if (batch.length < BATCH) return notified;
    after = batch[batch.length - 1].id;
  }
}
