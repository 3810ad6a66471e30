/**
 * A config's history (its revisions, newest first, paged in SQL) and restoring the data a stage
 * had before a revision, as a new revision through the engine.
 */
import { and, count, desc, eq, gte, notInArray, sql, type SQL } from 'drizzle-orm';
import { applyPatches, enablePatches, type Patch } from 'immer';
import { baseCatalogue, hasStage, stageDefaults, withCatalogue, type Catalogue, type StageState, type WriteStageFailure } from '../../engine';
import { configRevisions, users } from '../db/schema';
import { Conflict, Stale } from '../domain-errors';
import { serverMessages } from '../messages';
import { newestBornVersion } from '../catalogue/catalogue.versions';
import { findConfig, notFound } from './configs.service';
import { changesOf, listedChanges, visibleChanges, type RevisionChange } from './configs.changes';
import { commitStageWrite, refusal, runEngine } from './configs.write';
import { storeManyStageWrites } from './configs.write-many';
import { prepareSecretWrite } from './configs.secrets';
import { checkStageReferences } from './configs.references';
import { secretKeyOf } from '../db/secret-key';
import type { LoadedConfig } from './configs.types';
import { companyContextOf, defaultsContextOf } from './configs.region';
import { canManage, configView, stageVisible } from './configs.view';
import type { Viewer } from '../db/tenancy';
import { REQUEST_CHANGES } from './configs.types';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

enablePatches();

type StoredPatch = Patch & { path: (string | number)[] };

/** A stage's empty data in the version the config is pinned to (a stage restored to empty). */
const defaultsOf = (loaded: LoadedConfig, slug: string, context: Parameters<typeof stageDefaults>[1]) =>
  withCatalogue(loaded.snapshot.catalogue, () => stageDefaults(slug, context));

/** The internal stages of the config's catalogue (a born stage may be one: its own version says). */
const internalStages = (catalogue: Catalogue | undefined) => (catalogue ?? baseCatalogue).stages.filter((s) => s.audience === 'internal').map((s) => s.slug);

/** Revisions of internal stages are staff-only, like the stages themselves (`catalogue`: the config's). */
function visibleRevisions(viewer: Viewer, catalogue: Catalogue | undefined): SQL | undefined {
  const hidden = canManage(viewer) ? [] : internalStages(catalogue);
  return hidden.length ? sql`(${configRevisions.stage} IS NULL OR ${notInArray(configRevisions.stage, hidden)})` : undefined;
}

/** A revision's columns without its patches and changes (each reader picks which of those it needs). */
const revisionColumns = {
  id: configRevisions.id,
  version: configRevisions.version,
  createdAt: configRevisions.createdAt,
  userId: configRevisions.userId,
  userName: users.name,
  stage: configRevisions.stage,
  action: configRevisions.action,
  oldState: configRevisions.oldState,
  newState: configRevisions.newState,
  changedStages: configRevisions.changedStages,
  restoredFrom: configRevisions.restoredFrom,
  source: configRevisions.source,
};
interface RevisionRow {
  id: number;
  version: number;
  createdAt: Date;
  userId: number | null;
  userName: string | null;
  stage: string | null;
  action: string;
  oldState: string | null;
  newState: string | null;
  changedStages: string[];
  restoredFrom: number | null;
  source: string | null;
}

function revisionOf(viewer: Viewer, rev: RevisionRow, changes: RevisionChange[], catalogue?: Catalogue) {
  return {
    id: rev.id,
    version: rev.version,
    created_at: rev.createdAt.toISOString(),
    user: rev.userId === null ? null : { id: rev.userId, name: rev.userName },
    stage: rev.stage,
    action: rev.action,
    old_state: rev.oldState,
    new_state: rev.newState,
    changed_stages: rev.changedStages.filter((s) => stageVisible(viewer, s, catalogue)),
    restored_from: rev.restoredFrom,
    // A request for changes keeps its message in `source` (configs.request-changes.ts): answered as `message`.
    source: rev.action === REQUEST_CHANGES ? null : rev.source,
    message: rev.action === REQUEST_CHANGES ? rev.source : null,
    changes: visibleChanges(viewer, changes, catalogue),
  };
}

/**
 * GET /companies/{guid}/configs/{guid}/history?page&perPage&stage: the changes as stored for the list,
 * big values left out (configs.changes.ts). The patches are read only for revisions stored before
 * the list's changes were (migration 0008).
 */
export async function configHistory(deps: Deps, viewer: Viewer, companyKey: string, key: string, query: { page: number; perPage: number; stage?: string }) {
  const { page, perPage, stage } = query;
  const config = await findConfig(deps, viewer, key, companyKey, false);
  // The config's catalogue: a stage born in the editor is in it when the config is pinned to it. A
  // published born stage the config never had is a stage as a shipped one is: its history is empty.
  if (stage !== undefined && !withCatalogue(config.snapshot.catalogue, () => hasStage(stage)) && (await newestBornVersion(deps.db, stage)) === null) throw notFound();
  const touching = stage === undefined ? undefined : sql`(${configRevisions.stage} = ${stage} OR ${stage} = ANY(${configRevisions.changedStages}))`;
  const where = and(eq(configRevisions.configId, config.row.id), visibleRevisions(viewer, config.snapshot.catalogue), touching);
  const rows = await deps.db
    .select({
      ...revisionColumns,
      changes: configRevisions.changes,
      patches: sql<unknown[] | null>`CASE WHEN ${configRevisions.changes} IS NULL THEN ${configRevisions.patches} END`,
      inverse: sql<unknown[] | null>`CASE WHEN ${configRevisions.changes} IS NULL THEN ${configRevisions.inversePatches} END`,
    })
    .from(configRevisions)
    .leftJoin(users, eq(users.id, configRevisions.userId))
    .where(where)
    .orderBy(desc(configRevisions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await deps.db.select({ total: count() }).from(configRevisions).where(where);
  return {
    data: rows.map((r) => revisionOf(viewer, r, (r.changes as RevisionChange[] | null) ?? listedChanges(changesOf(r.patches ?? [], r.inverse ?? [])), config.snapshot.catalogue)),
    total,
    page,
    perPage,
  };
}

/** GET /companies/{guid}/configs/{guid}/history/{revisionId}: one revision with every value. */
export async function configRevision(deps: Deps, viewer: Viewer, companyKey: string, key: string, revisionId: number) {
  const config = await findConfig(deps, viewer, key, companyKey, false);
  const [row] = await deps.db
    .select({ ...revisionColumns, patches: configRevisions.patches, inverse: configRevisions.inversePatches })
    .from(configRevisions)
    .leftJoin(users, eq(users.id, configRevisions.userId))
    .where(and(eq(configRevisions.id, revisionId), eq(configRevisions.configId, config.row.id), visibleRevisions(viewer, config.snapshot.catalogue)));
  if (!row) throw notFound();
  return revisionOf(viewer, row, changesOf(row.patches as unknown[], row.inverse as unknown[]), config.snapshot.catalogue);
}

/**
 * The stage's data as it was before `revisionId`: the current data with the inverse patches of that
 * revision and every later one that touched the stage applied, newest first (only patches inside
 * the stage: other stages' patches never address it).
 */
async function dataBefore(deps: Deps, configId: number, revisionId: number, slug: string, current: unknown) {
  const rows = await deps.db
    .select({ inverse: configRevisions.inversePatches })
    .from(configRevisions)
    .where(and(eq(configRevisions.configId, configId), gte(configRevisions.id, revisionId), sql`${slug} = ANY(${configRevisions.changedStages})`))
    .orderBy(desc(configRevisions.id));
  const patches = rows.flatMap((r) => (r.inverse as StoredPatch[]).filter((p) => p.path[0] === slug));
  try {
    return (applyPatches({ [slug]: current }, patches) as Record<string, unknown>)[slug];
  } catch {
    // History that no longer fits the data (changed outside the API) cannot be replayed.
    throw new Conflict(serverMessages.configs.stale);
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
export async function restoreRevision(deps: Deps, viewer: Viewer, companyKey: string, key: string, revisionId: number, body: RestoreBody) {
  const loaded = await findConfig(deps, viewer, key, companyKey);
  const [rev] = await deps.db
    .select({ id: configRevisions.id, stage: configRevisions.stage, changedStages: configRevisions.changedStages, source: configRevisions.source, action: configRevisions.action })
    .from(configRevisions)
    .where(and(eq(configRevisions.id, revisionId), eq(configRevisions.configId, loaded.row.id), visibleRevisions(viewer, loaded.snapshot.catalogue)));
  const slug = rev?.stage;
  if (!slug || !withCatalogue(loaded.snapshot.catalogue, () => hasStage(slug))) throw notFound();
  // An import, and the restore of one, wrote several stages at once: they are restored whole.
  // (A request for changes keeps its message there instead: one stage, restored as any other.)
  if (rev.source !== null && rev.action !== REQUEST_CHANGES) return restoreWhole(deps, viewer, loaded, { ...rev, stage: slug, source: rev.source }, body);
  const before = await dataBefore(deps, loaded.row.id, rev.id, slug, loaded.snapshot.doc[slug]);
  return commitStageWrite(
    deps,
    viewer,
    loaded,
    {
      slug,
      // A stage empty before that revision returns to the company's defaults (its region's country).
      // A stage restored to empty holds the defaults of the version the config is on.
      data: before ?? defaultsOf(loaded, slug, await defaultsContextOf(deps.db, loaded.company.id)),
      state: body.state ?? loaded.snapshot.states[slug] ?? 'draft',
      action: 'save',
      version: body.version,
    },
    { action: 'restore', restoredFrom: rev.id },
  );
}

/**
 * An import wrote several stages in one revision, so restoring it puts back every one of them, as
 * they were before it, in one new revision (all or nothing, like the import) that keeps the file's
 * name as its `source`, so restoring THAT revision is whole too. Each stage goes through
 * writeStage (replayStages), so rules and cascades apply as if typed; every stage keeps its state
 * (`body.state` names one stage's).
 */
async function restoreWhole(deps: Deps, viewer: Viewer, loaded: LoadedConfig, rev: { id: number; stage: string; changedStages: string[]; source: string }, body: RestoreBody) {
  if (body.version !== loaded.row.version) throw new Stale(loaded.row.version, serverMessages.configs.stale);
  // In the configurator's order, as a person would fill them (and as an import writes them).
  const stages = (loaded.snapshot.catalogue ?? baseCatalogue).stages.map((s) => s.slug).filter((slug) => rev.changedStages.includes(slug));
  const context = await defaultsContextOf(deps.db, loaded.company.id);
  const key = await secretKeyOf(deps);
  const targets = new Map<string, unknown>();
  for (const slug of stages) targets.set(slug, (await dataBefore(deps, loaded.row.id, rev.id, slug, loaded.snapshot.doc[slug])) ?? defaultsOf(loaded, slug, context));
  // The configurator's order suits putting an import back (company information first opens the
  // gate of the others); undoing one that filled an empty config needs the opposite, as the gate
  // closes once company information is empty again: the others go back first. The restore is of
  // the config as a whole, so the first order that passes is it; neither passing is a refusal.
  const forward = await replayStages(deps, viewer, loaded, stages, targets, key);
  const replayed = 'failure' in forward ? await replayStages(deps, viewer, loaded, [...stages].reverse(), targets, key) : forward;
  if ('failure' in replayed) throw refusal((forward as { failure: WriteStageFailure }).failure, loaded.row.version);
  const { config, patches, inversePatches, changed } = replayed;
  if (!changed.size) return { ...configView(loaded, viewer), changed: false, changedStages: [], warnings: [], message: serverMessages.configs.nothing_to_update };
  const changedStages = [...changed];
  const updated = await storeManyStageWrites(deps, viewer, loaded, { config, changedStages, patches, inversePatches }, { action: 'restore', stage: rev.stage, restoredFrom: rev.id, source: rev.source });
  return { ...configView(updated, viewer), changed: true, changedStages, warnings: [], message: serverMessages.configs.updated };
}

/**
 * Writes each stage's target through writeStage in `order`, each on the config the previous one
 * left, so rules and cascades apply as if typed. A stage may check data of another one (a
 * department's enquiry user is in the users stage), so one refused now is tried again after the
 * others; a pass that writes nothing more is the refusal.
 */
async function replayStages(deps: Deps, viewer: Viewer, loaded: LoadedConfig, order: string[], targets: Map<string, unknown>, key: Awaited<ReturnType<typeof secretKeyOf>>) {
  let config = loaded.snapshot;
  // The company's region: a `visibleIf` reads it as `$company`, as in every stage write.
  const context = await companyContextOf(deps.db, loaded.company);
  const patches: Patch[] = [];
  let inversePatches: Patch[] = [];
  const changed = new Set<string>();
  let pending = order;
  while (pending.length) {
    const refused: Array<{ slug: string; failure: WriteStageFailure }> = [];
    for (const slug of pending) {
      const r = runEngine(deps, {
        config,
        slug,
        data: prepareSecretWrite(key, slug, targets.get(slug), loaded.sealed[slug], config.catalogue),
        state: config.states[slug] ?? 'draft',
        action: 'save',
        permissions: [...viewer.permissions],
        baseVersion: config.version,
        context,
      });
      if (!r.ok) {
        refused.push({ slug, failure: r });
        continue;
      }
      if (!r.changed) continue;
      await checkStageReferences(deps.db, loaded.company.id, slug, config.doc[slug], r.config.doc[slug], r.config.catalogue);
      config = r.config;
      patches.push(...r.patches);
      inversePatches = [...r.inversePatches, ...inversePatches];
      r.changedStages.forEach((s) => changed.add(s));
    }
    if (refused.length === pending.length) return { failure: refused[0].failure };
    pending = refused.map((x) => x.slug);
  }
  return { config, patches, inversePatches, changed };
}
