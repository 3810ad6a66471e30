/**
 * Several stage writes made in memory by the engine's writeStage (an import of a legacy file, the
 * restore of one), stored at once: ONE storeWrite, so one transaction, one version check and one
 * revision covering every stage they changed. configs.write.ts commitStageWrite is the one-stage
 * form of the same thing (it also stores small edits as patches; these writes store stages whole).
 */
import type { Patch } from 'immer';
import { configProgress, type ConfigSnapshot, type StageState } from '../../engine';
import { storeWrite, type RevisionInput, type StoredWrite } from './configs.store';
import { companyNumbersOf } from './configs.company-numbers';
import { maskPatches, sealChangedStages } from './configs.secrets';
import { secretKeyOf } from '../db/secret-key';
import { withConfigTriggers } from '../projects/projects.triggers';
import type { LoadedConfig } from './configs.types';
import type { Viewer } from '../db/tenancy';
import type { Tx } from '../db/database';
import type { AppServices } from '../plugins/services';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

/** What the engine's writes left: the config after them, the stages they changed, their patches in order. */
export interface ManyStageWrites {
  config: ConfigSnapshot;
  changedStages: string[];
  patches: Patch[];
  inversePatches: Patch[];
}

/**
 * Stores `plan` over `loaded` (the snapshot it was computed from) and returns the config as it now
 * is. The revision is listed under `revision.stage` (its old and new states are that stage's);
 * `meta` adds config meta rows that are not stage data (the migration's record). `within` runs
 * first in the write's own transaction: a step that must commit or roll back with it (an import's
 * job marked done only while it is still running and not cancelled; throwing stops the write).
 */
export async function storeManyStageWrites(
  deps: Deps,
  viewer: Viewer,
  loaded: LoadedConfig,
  plan: ManyStageWrites,
  revision: Pick<RevisionInput, 'action' | 'stage' | 'restoredFrom' | 'source'>,
  meta: StoredWrite['meta'] = [],
  /** The config's new stage pins (an upgrade to a later stage version); absent: unchanged. */
  stageVersions?: StoredWrite['stageVersions'],
  within?: (tx: Tx) => Promise<void>,
): Promise<LoadedConfig> {
  const base = loaded.snapshot;
  const next = plan.config;
  const key = await secretKeyOf(deps);
  // As commitStageWrite: secrets stored sealed, answered and kept in memory masked.
  const { sealed, doc } = sealChangedStages(key, loaded.sealed, next.doc, plan.changedStages, next.catalogue);
  const rows: StoredWrite['meta'] = plan.changedStages.map((slug) => ({ key: `stage_data_${slug}`, value: sealed[slug] ?? next.doc[slug] }));
  for (const slug of plan.changedStages) {
    if ((base.states[slug] ?? 'draft') !== (next.states[slug] ?? 'draft')) rows.push({ key: `stage_state_${slug}`, value: next.states[slug] });
  }
  const stage = revision.stage;
  const after = configProgress(next);
  // A write that completes the config completes its projects' config_submitted tasks in the same transaction.
  const completes = after.complete && !configProgress(base).complete;
  const triggered = (d: Deps) => withConfigTriggers(d, { configId: loaded.row.id, userId: viewer.id, completes }, (db) =>
    storeWrite(db, {
      configId: loaded.row.id,
      baseVersion: base.version,
      progress: after.progress,
      meta: [...rows, ...meta],
      stageVersions,
      company: companyNumbersOf(plan.changedStages, next.doc),
      revision: {
        ...revision,
        userId: viewer.id,
        oldState: stage ? ((base.states[stage] ?? 'draft') as StageState) : null,
        newState: stage ? ((next.states[stage] ?? 'draft') as StageState) : null,
        patches: maskPatches(plan.patches, next.catalogue),
        inversePatches: maskPatches(plan.inversePatches, base.catalogue),
        changedStages: plan.changedStages,
      },
    }),
  );
  const version = within
    ? await deps.db.transaction(async (tx) => {
        await within(tx);
        return triggered({ ...deps, db: tx });
      })
    : await triggered(deps);
  const updated: LoadedConfig = {
    ...loaded,
    row: { ...loaded.row, version, progress: after.progress, updatedAt: new Date(), ...(stageVersions ? { stageVersions } : {}) },
    snapshot: { ...next, doc, version },
    sealed,
  };
  // The next write starts from here without reading the stage data back (configs.cache.ts).
  deps.configCache.put(updated);
  return updated;
}
