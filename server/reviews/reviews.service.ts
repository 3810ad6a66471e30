/**
 * Review threads on a config's stages (issue 55): read, open, reply, edit and delete one's own
 * comment, resolve and reopen. Tenancy as for the config: the config is found with the tenancy
 * helper in the query (another company's config is the same 404 as one that does not exist), and
 * internal stages are staff's ('manage configs'), as the configs area shows them. Every change is
 * one transaction with its notifications, mails and the NOTIFY to the event streams.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { COMMENT_EDIT_MINUTES, COMMENT_MAX, MENTION_PATTERN, type ReviewPerson, type ReviewThread, type ThreadCounts } from '../../contract/reviews';
import type { Catalogue } from '../../engine';
import { configCatalogueOf, type StageNamer } from '../catalogue/catalogue.versions';
import type { Db, Tx } from '../db/database';
import { companyUsers, configComments, configMeta, configThreads, configs, projects, users } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { Conflict, Forbidden, Invalid, NotFound } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { whereKey } from '../http/ids';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { anchorOf, placeOf } from './reviews.anchor';
import { notifyMentions, notifyReply, threadEvent, type ReviewContext } from './reviews.notify';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config'>;

const notFound = () => new NotFound(serverMessages.not_found);
const invalid = (field: string, detail: string) => new Invalid(detail, [{ detail, field }]);

/** What the review needs of a config. */
export interface ReviewedConfig {
  id: number;
  name: string;
  companyId: number;
  /** The config's stages the viewer may see. */
  stages: string[];
  projectManagerId: number | null;
  accountManagerId: number | null;
  /** The catalogue the config's pins make (a stage born in the editor is only there), and its stages' titles per locale. */
  catalogue: Catalogue;
  stageTitle: StageNamer;
}


/** The config `key` (id or guid) if the viewer may see it, else 404. */
export async function reviewedConfig(db: Db | Tx, viewer: Viewer, key: string): Promise<ReviewedConfig> {
  const byKey = whereKey(key, configs.id, configs.guid);
  const [row] = byKey
    ? await db
        .select({ id: configs.id, name: configs.name, companyId: configs.companyId, stages: configs.stages, pins: configs.stageVersions, projectManagerId: configs.projectManagerId, accountManagerId: configs.accountManagerId })
        .from(configs)
        .where(and(byKey, companyScope(viewer, configs.companyId)))
    : [];
  if (!row) throw notFound();
  const { pins, ...config } = row;
  // The config's own catalogue: a stage born in the editor is one of its stages too. Read here, out
  // of any transaction (the versions are cached per database handle), for the writes' words too.
  const { catalogue, title } = await configCatalogueOf(db, pins);
  const definitions = config.stages.map((slug) => catalogue.bySlug.get(slug));
  const visible = config.stages.filter((_slug, i) => definitions[i] && (definitions[i].audience !== 'internal' || viewer.permissions.has('manage configs')));
  return { ...config, stages: visible, catalogue, stageTitle: title };
}

/** The stages' current data (as stored; `{}` for a stage never saved). */
async function stageData(db: Db | Tx, configId: number, slugs: string[]): Promise<Record<string, unknown>> {
  if (!slugs.length) return {};
  const rows = await db
    .select({ key: configMeta.metaKey, value: configMeta.metaValue })
    .from(configMeta)
    .where(and(eq(configMeta.configId, configId), inArray(configMeta.metaKey, slugs.map((slug) => `stage_data_${slug}`))));
  const data: Record<string, unknown> = Object.fromEntries(slugs.map((slug) => [slug, {}]));
  for (const r of rows) data[r.key.slice('stage_data_'.length)] = r.value;
  return data;
}

async function peopleById(db: Db | Tx, ids: Array<number | null>): Promise<Map<number, ReviewPerson>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + COMMENT_EDIT_MINUTES * 60_000).toISOString();

/** The config's threads (visible stages only) matching `where`, oldest first, with every comment. */
async function threadsOf(db: Db | Tx, config: ReviewedConfig, where?: SQL): Promise<ReviewThread[]> {
  if (!config.stages.length) return [];
  const rows = await db
    .select()
    .from(configThreads)
    .where(and(eq(configThreads.configId, config.id), inArray(configThreads.stage, config.stages), where))
    .orderBy(asc(configThreads.id));
  if (!rows.length) return [];
  const comments = await db
    .select()
    .from(configComments)
    .where(inArray(configComments.threadId, rows.map((r) => r.id)))
    .orderBy(asc(configComments.id));
  const people = await peopleById(db, [...rows.flatMap((r) => [r.createdBy, r.resolvedBy]), ...comments.map((c) => c.authorId)]);
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  const data = await stageData(db, config.id, [...new Set(rows.filter((r) => r.rowId !== null).map((r) => r.stage))]);
  return rows.map((r) => {
    const place = placeOf(r, data[r.stage]);
    return {
      id: r.id,
      config_id: r.configId,
      stage: r.stage,
      pointer: place.pointer,
      orphaned: place.orphaned,
      status: r.resolvedAt ? 'resolved' : 'open',
      created_by: person(r.createdBy),
      created_at: r.createdAt.toISOString(),
      resolved_by: r.resolvedAt ? person(r.resolvedBy) : null,
      resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
      comments: comments
        .filter((c) => c.threadId === r.id)
        .map((c) => ({
          id: c.id,
          thread_id: c.threadId,
          author: person(c.authorId),
          body: c.deletedAt ? '' : c.body,
          created_at: c.createdAt.toISOString(),
          edited_at: c.editedAt ? c.editedAt.toISOString() : null,
          deleted: c.deletedAt !== null,
          editable_until: editableUntil(c.createdAt),
        })),
    };
  });
}

async function oneThread(db: Db | Tx, config: ReviewedConfig, threadId: number, message: string): Promise<ReviewThread & { message: string }> {
  const [thread] = await threadsOf(db, config, eq(configThreads.id, threadId));
  if (!thread) throw notFound();
  return { ...thread, message };
}

/** GET /configs/{id}/threads?stage&status. */
export async function listThreads(db: Db, viewer: Viewer, key: string, query: { stage?: string; status?: 'open' | 'resolved' }): Promise<ReviewThread[]> {
  const config = await reviewedConfig(db, viewer, key);
  if (query.stage !== undefined && !config.stages.includes(query.stage)) return [];
  const status = query.status === 'open' ? isNull(configThreads.resolvedAt) : query.status === 'resolved' ? isNotNull(configThreads.resolvedAt) : undefined;
  return threadsOf(db, config, and(query.stage === undefined ? undefined : eq(configThreads.stage, query.stage), status));
}

/** GET /configs/{id}/threads/counts: open threads per stage (stages without any left out). */
export async function threadCounts(db: Db, viewer: Viewer, key: string): Promise<ThreadCounts> {
  const config = await reviewedConfig(db, viewer, key);
  if (!config.stages.length) return {};
  const rows = await db
    .select({ stage: configThreads.stage, n: count() })
    .from(configThreads)
    .where(and(eq(configThreads.configId, config.id), inArray(configThreads.stage, config.stages), isNull(configThreads.resolvedAt)))
    .groupBy(configThreads.stage);
  return Object.fromEntries(rows.map((r) => [r.stage, Number(r.n)]));
}

/**
 * The people who can see the config: the active users of its company, its project and account
 * managers and those of its projects (the tracker's), by name.
 */
async function mentionablePeople(db: Db | Tx, config: ReviewedConfig): Promise<ReviewPerson[]> {
  const managers = await db
    .select({ pm: projects.projectManagerId, am: projects.accountManagerId })
    .from(projects)
    .where(eq(projects.configId, config.id));
  const staff = [config.projectManagerId, config.accountManagerId, ...managers.flatMap((p) => [p.pm, p.am])].filter((id): id is number => id !== null);
  const members = sql`${users.id} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${eq(companyUsers.companyId, config.companyId)})`;
  return db
    .select({ id: users.id, name: users.name, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.status, 'active'), staff.length ? sql`(${members} OR ${inArray(users.id, staff)})` : members))
    .orderBy(asc(users.name), asc(users.id));
}

/** GET /configs/{id}/mentionable. */
export async function mentionable(db: Db, viewer: Viewer, key: string): Promise<ReviewPerson[]> {
  return mentionablePeople(db, await reviewedConfig(db, viewer, key));
}

/** A comment's body as stored: cleaned, trimmed, 1..COMMENT_MAX characters (422 on `body`). */
function checkedBody(raw: string): string {
  const body = cleanText(raw).trim();
  if (!body) throw invalid('body', serverMessages.reviews.body_required);
  if ([...body].length > COMMENT_MAX) throw invalid('body', interpolate(serverMessages.reviews.body_too_long, { max: COMMENT_MAX }));
  return body;
}

/** The user ids a body mentions; each must be one of the config's mentionable people (422 on `body`). */
async function checkedMentions(tx: Db | Tx, config: ReviewedConfig, body: string): Promise<number[]> {
  const ids = [...new Set([...body.matchAll(MENTION_PATTERN)].map((match) => Number(match[2])))];
  if (!ids.length) return [];
  const allowed = new Set((await mentionablePeople(tx, config)).map((p) => p.id));
  if (ids.some((id) => !allowed.has(id))) throw invalid('body', serverMessages.reviews.mention_invalid);
  return ids;
}

async function viewerName(tx: Db | Tx, viewer: Viewer): Promise<{ id: number; name: string }> {
  const [row] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, viewer.id));
  return row ?? { id: viewer.id, name: '' };
}

const contextOf = async (tx: Db | Tx, viewer: Viewer, config: ReviewedConfig, stage: string): Promise<ReviewContext> => ({
  config: { id: config.id, name: config.name },
  stage,
  // The stage named as the config has it: a born stage by its version's labels.
  stageTitle: (locale) => config.stageTitle(locale, stage),
  by: await viewerName(tx, viewer),
});

export interface NewThread {
  stage: string;
  pointer?: string;
  body: string;
}

/** POST /configs/{id}/threads: a thread on a field of a stage (or the stage), with its first comment. */
export async function openThread(deps: Deps, viewer: Viewer, key: string, input: NewThread): Promise<ReviewThread & { message: string }> {
  const config = await reviewedConfig(deps.db, viewer, key);
  if (!config.stages.includes(input.stage)) throw invalid('stage', serverMessages.reviews.stage_invalid);
  const body = checkedBody(input.body);
  const data = (await stageData(deps.db, config.id, [input.stage]))[input.stage];
  const anchor = anchorOf(input.stage, data, input.pointer ?? '', config.catalogue);
  if (!anchor) throw invalid('pointer', serverMessages.reviews.pointer_invalid);
  const threadId = await deps.db.transaction(async (tx) => {
    const mentions = await checkedMentions(tx, config, body);
    const [thread] = await tx
      .insert(configThreads)
      .values({ configId: config.id, stage: input.stage, pointer: anchor.pointer, rowList: anchor.rowList, rowId: anchor.rowId, createdBy: viewer.id })
      .returning({ id: configThreads.id });
    const [comment] = await tx.insert(configComments).values({ threadId: thread.id, authorId: viewer.id, body, mentions }).returning({ id: configComments.id });
    await notifyMentions(deps, tx, await contextOf(tx, viewer, config, input.stage), comment.id, body, mentions);
    await threadEvent(tx, config.id, thread.id, input.stage);
    return thread.id;
  });
  return oneThread(deps.db, config, threadId, serverMessages.reviews.created);
}

async function threadIn(db: Db | Tx, config: ReviewedConfig, threadId: number) {
  const [thread] = await db
    .select({ id: configThreads.id, stage: configThreads.stage, createdBy: configThreads.createdBy })
    .from(configThreads)
    .where(and(eq(configThreads.id, threadId), eq(configThreads.configId, config.id)));
  if (!thread || !config.stages.includes(thread.stage)) throw notFound();
  return thread;
}

/** POST /configs/{id}/threads/{threadId}/comments: a reply; a resolved thread opens again. */
export async function reply(deps: Deps, viewer: Viewer, key: string, threadId: number, input: { body: string }): Promise<ReviewThread & { message: string }> {
  const config = await reviewedConfig(deps.db, viewer, key);
  const thread = await threadIn(deps.db, config, threadId);
  const body = checkedBody(input.body);
  await deps.db.transaction(async (tx) => {
    const mentions = await checkedMentions(tx, config, body);
    const before = await tx.select({ authorId: configComments.authorId }).from(configComments).where(eq(configComments.threadId, thread.id));
    const [comment] = await tx.insert(configComments).values({ threadId: thread.id, authorId: viewer.id, body, mentions }).returning({ id: configComments.id });
    await tx.update(configThreads).set({ resolvedAt: null, resolvedBy: null, updatedAt: sql`now()` }).where(eq(configThreads.id, thread.id));
    const ctx = await contextOf(tx, viewer, config, thread.stage);
    const mentioned = await notifyMentions(deps, tx, ctx, comment.id, body, mentions);
    const participants = [thread.createdBy, ...before.map((b) => b.authorId)].filter((id): id is number => id !== null && !mentioned.includes(id) && !mentions.includes(id));
    await notifyReply(deps, tx, ctx, comment.id, body, participants);
    await threadEvent(tx, config.id, thread.id, thread.stage);
  });
  return oneThread(deps.db, config, thread.id, serverMessages.reviews.replied);
}

/** The viewer's own comment of the config (403 another's, 404 none), locked for the change. */
async function ownComment(tx: Tx, viewer: Viewer, config: ReviewedConfig, commentId: number) {
  const [found] = await tx
    .select({
      id: configComments.id,
      threadId: configComments.threadId,
      authorId: configComments.authorId,
      deletedAt: configComments.deletedAt,
      stage: configThreads.stage,
      expired: sql<boolean>`${configComments.createdAt} < now() - make_interval(mins => ${COMMENT_EDIT_MINUTES})`,
    })
    .from(configComments)
    .innerJoin(configThreads, eq(configThreads.id, configComments.threadId))
    .where(and(eq(configComments.id, commentId), eq(configThreads.configId, config.id)))
    .for('update', { of: configComments });
  if (!found || !config.stages.includes(found.stage)) throw notFound();
  if (found.authorId !== viewer.id) throw new Forbidden(serverMessages.reviews.not_author, [{ detail: serverMessages.reviews.not_author }]);
  return found;
}

/** PUT /configs/{id}/comments/{commentId}: the author, within COMMENT_EDIT_MINUTES of writing it, while it is not deleted. */
export async function editComment(deps: Deps, viewer: Viewer, key: string, commentId: number, input: { body: string }): Promise<ReviewThread & { message: string }> {
  const config = await reviewedConfig(deps.db, viewer, key);
  const threadId = await deps.db.transaction(async (tx) => {
    const comment = await ownComment(tx, viewer, config, commentId);
    if (comment.deletedAt) throw new Conflict(serverMessages.reviews.comment_deleted, [{ detail: serverMessages.reviews.comment_deleted }]);
    if (comment.expired) {
      const detail = interpolate(serverMessages.reviews.edit_expired, { minutes: COMMENT_EDIT_MINUTES });
      throw new Conflict(detail, [{ detail }]);
    }
    const body = checkedBody(input.body);
    const mentions = await checkedMentions(tx, config, body);
    await tx.update(configComments).set({ body, mentions, editedAt: sql`now()` }).where(eq(configComments.id, comment.id));
    // Someone newly mentioned hears of it; those mentioned before were told once already.
    await notifyMentions(deps, tx, await contextOf(tx, viewer, config, comment.stage), comment.id, body, mentions);
    await threadEvent(tx, config.id, comment.threadId, comment.stage);
    return comment.threadId;
  });
  return oneThread(deps.db, config, threadId, serverMessages.reviews.updated);
}

/** DELETE /configs/{id}/comments/{commentId}: the author's own; kept in its place with its body cleared. */
export async function deleteComment(deps: Deps, viewer: Viewer, key: string, commentId: number): Promise<ReviewThread & { message: string }> {
  const config = await reviewedConfig(deps.db, viewer, key);
  const threadId = await deps.db.transaction(async (tx) => {
    const comment = await ownComment(tx, viewer, config, commentId);
    if (!comment.deletedAt) {
      await tx.update(configComments).set({ body: '', mentions: [], deletedAt: sql`now()` }).where(eq(configComments.id, comment.id));
      await threadEvent(tx, config.id, comment.threadId, comment.stage);
    }
    return comment.threadId;
  });
  return oneThread(deps.db, config, threadId, serverMessages.reviews.deleted);
}

/** POST /configs/{id}/threads/{threadId}/resolve and /reopen (review configs). Again: no change. */
export async function setResolved(deps: Deps, viewer: Viewer, key: string, threadId: number, resolved: boolean): Promise<ReviewThread & { message: string }> {
  const config = await reviewedConfig(deps.db, viewer, key);
  const thread = await threadIn(deps.db, config, threadId);
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(configThreads)
      .set(resolved ? { resolvedAt: sql`now()`, resolvedBy: viewer.id, updatedAt: sql`now()` } : { resolvedAt: null, resolvedBy: null, updatedAt: sql`now()` })
      .where(and(eq(configThreads.id, thread.id), resolved ? isNull(configThreads.resolvedAt) : isNotNull(configThreads.resolvedAt)))
      .returning({ id: configThreads.id });
    if (changed.length) await threadEvent(tx, config.id, thread.id, thread.stage);
  });
  return oneThread(deps.db, config, thread.id, resolved ? serverMessages.reviews.resolved : serverMessages.reviews.reopened);
}
