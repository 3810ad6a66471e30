/**
 * A config's history (its revisions, newest first, paged in SQL) and restoring the data a stage
 * had before a revision, as a new revision through the engine.
 */
import { and, count, desc, eq, gte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applyPatches, enablePatches, type Patch } from 'immer';
import { stageCatalogue, stageDefaults, toPointer, type StageState } from '../../engine';
import { configRevisions, users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { findConfig, notFound } from './configs';
import { commitStageWrite } from './configs-write';
import { canManage, stageVisible } from './configs-view';
import type { Viewer } from './tenancy';

enablePatches();

type StoredPatch = Patch & { path: (string | number)[] };

const internalStages = () => stageCatalogue.filter((s) => s.audience === 'internal').map((s) => s.slug);

/** Revisions of internal stages are staff-only, like the stages themselves. */
function visibleRevisions(viewer: Viewer): SQL | undefined {
  const hidden = canManage(viewer) ? [] : internalStages();
  return hidden.length ? sql`(${configRevisions.stage} IS NULL OR ${notInArray(configRevisions.stage, hidden)})` : undefined;
}

/**
 * Each forward patch as {stage, field, old, new}: `field` is the JSON pointer inside the stage's
 * data; the old value is the one the revision's inverse patches put back at that pointer (the
 * last of them, as they apply in order). Cascaded stages are listed like the written one.
 */
function changesOf(viewer: Viewer, patches: StoredPatch[], inverse: StoredPatch[]) {
  const before = new Map<string, unknown>();
  for (const p of inverse) before.set(toPointer(p.path), p.op === 'remove' ? undefined : p.value);
  return patches
    .filter((p) => (p.path[0] === 'internal_data' ? canManage(viewer) : stageVisible(viewer, String(p.path[0]))))
    .map((p) => {
      const internal = p.path[0] === 'internal_data';
      const stage = String(internal ? p.path[1] : p.path[0]);
      return {
        stage,
        internal,
        field: toPointer(p.path.slice(internal ? 2 : 1)),
        op: p.op,
        old: before.get(toPointer(p.path)),
        new: p.op === 'remove' ? undefined : p.value,
      };
    });
}

/** GET /companies/{guid}/configs/{guid}/history?page&perPage. */
export async function configHistory(app: FastifyInstance, viewer: Viewer, companyKey: string, key: string, page: number, perPage: number) {
  const config = await findConfig(app, viewer, key, companyKey, false);
  const where = and(eq(configRevisions.configId, config.row.id), visibleRevisions(viewer));
  const rows = await app.db
    .select({ rev: configRevisions, userName: users.name })
    .from(configRevisions)
    .leftJoin(users, eq(users.id, configRevisions.userId))
    .where(where)
    .orderBy(desc(configRevisions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await app.db.select({ total: count() }).from(configRevisions).where(where);
  return {
    data: rows.map(({ rev, userName }) => ({
      id: rev.id,
      version: rev.version,
      created_at: rev.createdAt.toISOString(),
      user: rev.userId === null ? null : { id: rev.userId, name: userName },
      stage: rev.stage,
      action: rev.action,
      old_state: rev.oldState,
      new_state: rev.newState,
      changed_stages: rev.changedStages.filter((s) => stageVisible(viewer, s)),
      restored_from: rev.restoredFrom,
      changes: changesOf(viewer, rev.patches as StoredPatch[], rev.inversePatches as StoredPatch[]),
    })),
    total,
    page,
    perPage,
  };
}

/**
 * The stage's data as it was before `revisionId`: the current data with the inverse patches of that
 * revision and every later one that touched the stage applied, newest first (only patches inside
 * the stage: other stages' patches never address it).
 */
async function dataBefore(app: FastifyInstance, configId: number, revisionId: number, slug: string, current: unknown) {
  const rows = await app.db
    .select({ inverse: configRevisions.inversePatches })
    .from(configRevisions)
    .where(and(eq(configRevisions.configId, configId), gte(configRevisions.id, revisionId), sql`${slug} = ANY(${configRevisions.changedStages})`))
    .orderBy(desc(configRevisions.id));
  const patches = rows.flatMap((r) => (r.inverse as StoredPatch[]).filter((p) => p.path[0] === slug));
  try {
    return (applyPatches({ [slug]: current }, patches) as Record<string, unknown>)[slug];
  } catch {
    // History that no longer fits the data (changed outside the API) cannot be replayed.
    throw httpError(409, serverMessages.configs.stale);
  }
}

export interface RestoreBody {
  version: number;
  state?: StageState;
}

/**
 * POST .../history/{revisionId}/restore: writes the revision's stage back to its data before that
 * revision, as a NEW revision through writeStage, so validation, cascades, permissions and the
 * version check all apply. The stage keeps its current state unless the body names one.
 */
export async function restoreRevision(app: FastifyInstance, viewer: Viewer, companyKey: string, key: string, revisionId: number, body: RestoreBody) {
  const loaded = await findConfig(app, viewer, key, companyKey);
  const [rev] = await app.db
    .select({ id: configRevisions.id, stage: configRevisions.stage })
    .from(configRevisions)
    .where(and(eq(configRevisions.id, revisionId), eq(configRevisions.configId, loaded.row.id), visibleRevisions(viewer)));
  const slug = rev?.stage;
  if (!slug || !stageCatalogue.some((s) => s.slug === slug)) throw notFound();
  const before = await dataBefore(app, loaded.row.id, rev.id, slug, loaded.snapshot.doc[slug]);
  return commitStageWrite(
    app,
    viewer,
    loaded,
    {
      slug,
      data: before ?? stageDefaults(slug),
      state: body.state ?? loaded.snapshot.states[slug] ?? 'draft',
      action: 'save',
      version: body.version,
    },
    { action: 'restore', restoredFrom: rev.id },
  );
}
