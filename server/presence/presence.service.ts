/**
 * The SQL of the stage pages' event streams: may the viewer open the config's stream, the
 * `config_presence` rows (open, heartbeat, close), who is present, a revision's changed pointers,
 * and the NOTIFY that tells every instance.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { toPointer } from '../../engine';
import { stageOfConfig } from '../catalogue/catalogue.versions';
import { PRESENCE_STALE_SECONDS, type ReviewPerson, type SavedEvent } from '../../contract/reviews';
import type { Db } from '../db/database';
import { configPresence, configRevisions, configs, sessions, users } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { parseKey } from '../http/ids';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';

/** The one channel every instance listens on (the revision trigger of migration 0026 and presence). */
export const EVENTS_CHANNEL = 'config_events';

/** What goes over the channel (at most 8000 bytes: ids only, listeners read the rest). */
export type ChannelMessage =
  | { kind: 'saved'; config_id: number; revision_id: number; version: number; stage: string | null; user_id: number | null }
  | { kind: 'thread'; config_id: number; thread_id: number; stage: string }
  | { kind: 'presence'; config_id: number; stage: string };

/**
 * The config's id when the viewer may see it, as GET /configs/{id} decides (the same permission,
 * checked by the route, and tenancy: another company's config is the 404 of none), and the stage
 * is one they may open (an internal stage needs 'manage configs'). Otherwise NotFound.
 */
export async function streamableConfig(db: Db, viewer: Viewer, key: string, stage: string): Promise<number> {
  const byKey = parseKey(key);
  if (!byKey) throw new NotFound(serverMessages.not_found);
  const [row] = await db
    .select({ id: configs.id, pins: configs.stageVersions })
    .from(configs)
    .where(and(byKey.guid !== undefined ? eq(configs.guid, byKey.guid) : eq(configs.id, byKey.id), companyScope(viewer, configs.companyId)));
  if (!row) throw new NotFound(serverMessages.not_found);
  // The config's own catalogue: a stage born in the editor is one of its stages too.
  const definition = await stageOfConfig(db, row.pins, stage);
  if (!definition || (definition.audience === 'internal' && !viewer.permissions.has('manage configs'))) throw new NotFound(serverMessages.not_found);
  return row.id;
}

export async function notify(db: Db, message: ChannelMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** A new tab's row; its id. */
export async function openTab(db: Db, configId: number, stage: string, userId: number): Promise<string> {
  const tab = randomUUID();
  await db.insert(configPresence).values({ tab, configId, stage, userId });
  return tab;
}

export async function closeTab(db: Db, tab: string): Promise<void> {
  await db.delete(configPresence).where(eq(configPresence.tab, tab));
}

/**
 * Every tab of this instance is still there (one statement for all of them), and rows long past
 * stale (an instance that died with tabs open) go.
 */
export async function heartbeat(db: Db, tabs: string[]): Promise<void> {
  if (tabs.length) await db.update(configPresence).set({ seenAt: sql`now()` }).where(inArray(configPresence.tab, tabs));
  await db.delete(configPresence).where(lt(configPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS * 4})`));
}

/** The session and token version a stream's access token carries. */
export interface StreamSession {
  sessionId: string;
  userId: number;
  version: number;
}

/**
 * Of the streams' sessions, those that still sign their tokens in (as every request's check,
 * auth.sessions.ts sessionUser: not revoked, not expired, the user active with the token version
 * the token carries): one statement for all the instance's streams, at each heartbeat. A stream
 * whose session is not in the answer was signed out (or its password changed, its user disabled).
 * @example await liveSessions(db, [{ sessionId, userId: 7, version: 0 }]) // Set { `${sessionId}:7:0` }
 */
export async function liveSessions(db: Db, wanted: readonly StreamSession[]): Promise<Set<string>> {
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ sessionId: sessions.id, userId: users.id, version: users.tokenVersion })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...new Set(wanted.map((w) => w.sessionId))]), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')));
  return new Set(rows.map(sessionKey));
}

/** One session and token version as `liveSessions` answers it. */
export const sessionKey = (s: StreamSession) => `${s.sessionId}:${s.userId}:${s.version}`;

/** A present tab: whose it is. */
export interface PresentTab {
  tab: string;
  user: ReviewPerson;
}

/** The tabs open on the config's stage and heard from within PRESENCE_STALE_SECONDS, with their users. */
export async function presentTabs(db: Db, configId: number, stage: string): Promise<PresentTab[]> {
  const rows = await db
    .select({ tab: configPresence.tab, id: users.id, name: users.name, avatar: users.avatar })
    .from(configPresence)
    .innerJoin(users, eq(users.id, configPresence.userId))
    .where(and(eq(configPresence.configId, configId), eq(configPresence.stage, stage), gt(configPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ tab: r.tab, user: { id: r.id, name: r.name, avatar: r.avatar } }));
}

/**
 * The people of `tabs` other than the reader, each once: the reader's own other tabs are not
 * "someone else here" (a chip saying "Pat Project is also here" to Pat reads as a stranger).
 */
export function othersOf(tabs: PresentTab[], ownUserId: number): ReviewPerson[] {
  const seen = new Set<number>([ownUserId]);
  const people: ReviewPerson[] = [];
  for (const t of tabs) {
    if (seen.has(t.user.id)) continue;
    seen.add(t.user.id);
    people.push(t.user);
  }
  return people;
}

/** A revision as the streams need it: who wrote it and the paths its patches changed. */
export interface RevisionFacts {
  version: number;
  stage: string | null;
  by: ReviewPerson | null;
  paths: Array<Array<string | number>>;
}

const revisionColumns = { version: configRevisions.version, stage: configRevisions.stage, patches: configRevisions.patches, userId: users.id, name: users.name, avatar: users.avatar };

function toFacts(row: { version: number; stage: string | null; patches: unknown; userId: number | null; name: string | null; avatar: string | null }): RevisionFacts {
  const patches = (Array.isArray(row.patches) ? row.patches : []) as Array<{ path?: unknown }>;
  return {
    version: row.version,
    stage: row.stage,
    by: row.userId == null ? null : { id: row.userId, name: row.name ?? '', avatar: row.avatar ?? null },
    paths: patches.map((p) => p.path).filter((p): p is Array<string | number> => Array.isArray(p)),
  };
}

export async function revisionFacts(db: Db, revisionId: number): Promise<RevisionFacts | null> {
  const [row] = await db.select(revisionColumns).from(configRevisions).leftJoin(users, eq(users.id, configRevisions.userId)).where(eq(configRevisions.id, revisionId));
  return row ? toFacts(row) : null;
}

/** Revisions a reconnecting stream may be sent one by one; past that, one event for all of them. */
export const MISSED_LIMIT = 100;

/**
 * What a stream opened again after a gap missed: the config's revisions after version `since`, in
 * order (at most MISSED_LIMIT + 1, so the caller knows there were more), and the config's version now.
 */
export async function revisionsSince(db: Db, configId: number, since: number | null): Promise<{ missed: RevisionFacts[]; version: number }> {
  const rows =
    since === null
      ? []
      : await db
          .select(revisionColumns)
          .from(configRevisions)
          .leftJoin(users, eq(users.id, configRevisions.userId))
          .where(and(eq(configRevisions.configId, configId), gt(configRevisions.version, since)))
          .orderBy(asc(configRevisions.version))
          .limit(MISSED_LIMIT + 1);
  // Past the limit the stream gets one event for all it missed: it stands for the latest save, so
  // it must carry that save's version and author, not the 101st's.
  if (rows.length > MISSED_LIMIT) {
    const [latest] = await db
      .select(revisionColumns)
      .from(configRevisions)
      .leftJoin(users, eq(users.id, configRevisions.userId))
      .where(eq(configRevisions.configId, configId))
      .orderBy(desc(configRevisions.version))
      .limit(1);
    if (latest) rows[MISSED_LIMIT] = latest;
  }
  const [config] = await db.select({ version: configs.version }).from(configs).where(eq(configs.id, configId));
  return { missed: rows.map(toFacts), version: Math.max(config?.version ?? 0, rows.at(-1)?.version ?? 0) };
}

/** The `saved` event for a reader of `stage`: the stage-relative pointers the revision changed there. */
export function savedEventFor(facts: RevisionFacts, stage: string): SavedEvent {
  const fields = new Set<string>();
  for (const path of facts.paths) if (path[0] === stage) fields.add(toPointer(path.slice(1)));
  return { version: facts.version, stage: facts.stage, by: facts.by, fields: [...fields] };
}
