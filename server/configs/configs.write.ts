/**
 * One stage write, used by PUT and by restore: ONE call into the engine's writeStage with the stored
 * snapshot, then the server stores exactly what it returned (every changed stage's data, the
 * state, the revision) in one statement that re-checks the version (configs.store.ts).
 */
import type { Patch } from 'immer';
import { configProgress, deepEqual, engineT, RuleCycleError, writeStage, type FieldError, type StageState, type WriteStageFailure } from '../../engine';
import { Conflict, Forbidden, Invalid, NotFound, Stale, type DomainError, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';
import { storeWrite, type RevisionInput, type StoredWrite } from './configs.store';
import { companyNumbersOf } from './configs.company-numbers';
import { companyContextOf } from './configs.region';
import { withConfigTriggers } from '../projects/projects.triggers';
import type { LoadedConfig } from './configs.types';
import { canManage, configView } from './configs.view';
import { secretKeyOf } from '../db/secret-key';
import { maskPatches, prepareSecretWrite, sealChangedStages } from './configs.secrets';
import { checkStageReferences } from './configs.references';
import type { Viewer } from '../db/tenancy';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

/** What a write answers with in `data`: every stage, or the written one and those it changed. */
export type AnswerData = 'all' | 'changed';

/**
 * `data`: see AnswerData (default all). `echo: false` (with `data: 'changed'`): leave the written
 * stage out when it was stored exactly as sent (the client has it; the answer says
 * `stored_as_sent`), so an autosave of a big stage does not bring its own data back.
 */
export interface AnswerOptions {
  data?: AnswerData;
  echo?: boolean;
  /** The reader's locale (the request's Accept-Language): the engine's messages, fields' own ones too, in it. */
  lng?: string;
}

export interface StageWrite {
  slug: string;
  data: unknown;
  state: StageState;
  action: 'save' | 'reset';
  version: number;
  /** internal_data_{slug} (staff with 'manage configs' only). */
  internalData?: Record<string, unknown>;
}

const toDetail = (e: FieldError): ErrorDetail => ({ detail: e.message, ...(e.path ? { field: e.path } : {}) });
const toWarning = (e: FieldError) => ({ ...toDetail(e), key: e.key });
const t = engineT('en-GB');

/**
 * The engine's refusal (`{ ok: false, status, code }`) as a domain error: the one place the
 * engine's results are translated, keeping its status and words (field = JSON pointer).
 */
export function refusal(r: WriteStageFailure, version: number): DomainError {
  if (r.code === 'stale') return new Stale(version, r.message);
  const errors = r.errors.map(toDetail);
  switch (r.status) {
    case 403:
      return new Forbidden(r.message, errors);
    case 404:
      return new NotFound(r.message, errors);
    case 409:
      return new Conflict(r.message, errors);
    case 422:
      return new Invalid(r.message, errors);
  }
}

export function runEngine(deps: Deps, input: Parameters<typeof writeStage>[0]) {
  try {
    return writeStage(input);
  } catch (err) {
    // Data nested beyond the stack, or rules that never settle on these values: bad stage data,
    // not a server fault.
    if (err instanceof RangeError || err instanceof RuleCycleError) {
      deps.log.warn({ err }, 'stage data refused by the engine');
      const message = t('validation:generic.incomplete');
      throw new Invalid(message, [{ detail: message }]);
    }
    throw err;
  }
}

/** internal_data_{slug} as patches under `/internal_data/{slug}` (no stage is ever so named). */
function internalChange(viewer: Viewer, loaded: LoadedConfig, slug: string, value: Record<string, unknown> | undefined) {
  if (value === undefined) return null;
  if (!canManage(viewer)) throw new Forbidden(serverMessages.access_denied);
  const old = loaded.internal[slug];
  // The form sends back what it loaded, so equal JSON text is the common "no change".
  if (old !== undefined && JSON.stringify(old) === JSON.stringify(value)) return null;
  const path = ['internal_data', slug];
  return {
    value,
    patches: [{ op: old === undefined ? 'add' : 'replace', path, value }] as Patch[],
    inverse: [old === undefined ? { op: 'remove', path } : { op: 'replace', path, value: old }] as Patch[],
  };
}

/** More patches than this to one stage: the stage is stored whole (each patch rewrites the stored value once). */
const MAX_STORED_PATCHES = 16;
/** Patches carrying more JSON than this: the stage is stored whole. */
const MAX_STORED_PATCH_TEXT = 16 * 1024;

/**
 * The engine's patches to stage `slug`, relative to the stage, when they are a small edit of data
 * that was there before and is there after (the database applies them: storeWrite); else null, and
 * the stage is stored whole. Immer's patches turn the stored snapshot into the engine's result, so
 * applied in order to the stored row (which holds the snapshot's data: the version check) they give
 * exactly what the engine returned.
 */
export function stagePatches(patches: readonly Patch[], slug: string, before: unknown, after: unknown) {
  if (before === undefined || after === undefined) return null;
  const mine: Array<{ op: string; path: Array<string | number>; value?: unknown }> = [];
  let text = 0;
  for (const p of patches) {
    if (p.path[0] !== slug) continue;
    // The whole stage replaced, or a value JSON cannot carry (it would be dropped, not stored).
    if (p.path.length < 2 || (p.op !== 'remove' && p.value === undefined) || mine.length >= MAX_STORED_PATCHES) return null;
    const patch = { op: p.op, path: p.path.slice(1) as Array<string | number>, ...(p.op === 'remove' ? {} : { value: p.value }) };
    text += JSON.stringify(patch).length;
    if (text > MAX_STORED_PATCH_TEXT) return null;
    mine.push(patch);
  }
  return mine.length ? mine : null;
}

/**
 * Runs the engine on the stored snapshot and stores its answer. `revision` names the action shown
 * in history (save, reset, restore); `answer` what the answer's `data` holds (configs.schemas.ts
 * writeQuery).
 */
export async function commitStageWrite(
  deps: Deps,
  viewer: Viewer,
  loaded: LoadedConfig,
  input: StageWrite,
  revision: Pick<RevisionInput, 'action' | 'restoredFrom' | 'source'>,
  answer: AnswerOptions = {},
) {
  const view = (config: LoadedConfig, changedStages: string[]) => {
    const full = configView(config, viewer);
    if (answer.data !== 'changed') return full;
    const pick = <T>(byStage: Record<string, T>, slugs: string[]) => Object.fromEntries(Object.entries(byStage).filter(([slug]) => slugs.includes(slug)));
    const asSent = answer.echo === false && input.slug in full.data && deepEqual(full.data[input.slug], input.data);
    // Only the written stage's internal data can change in a write.
    return {
      ...full,
      data: pick(full.data, asSent ? changedStages.filter((slug) => slug !== input.slug) : [input.slug, ...changedStages]),
      ...(full.internal_data ? { internal_data: pick(full.internal_data, [input.slug]) } : {}),
      ...(asSent ? { stored_as_sent: true } : {}),
    };
  };
  const base = loaded.snapshot;
  const key = await secretKeyOf(deps);
  const r = runEngine(deps, {
    config: base,
    slug: input.slug,
    data: prepareSecretWrite(key, input.slug, input.data, loaded.sealed[input.slug], base.catalogue),
    state: input.state,
    action: input.action,
    permissions: [...viewer.permissions],
    baseVersion: input.version,
    lng: answer.lng,
    // The company's region: a reset returns to its defaults (its region's country), and a `visibleIf`
    // reads it as `$company` (a field hidden for this company is not judged).
    context: await companyContextOf(deps.db, loaded.company),
  });
  if (!r.ok) throw refusal(r, base.version);
  // A logo or user the stage names must be one the company may use (the engine cannot see them).
  if (r.changed) await checkStageReferences(deps.db, loaded.company.id, input.slug, base.doc[input.slug], r.config.doc[input.slug], r.config.catalogue);
  const internal = internalChange(viewer, loaded, input.slug, input.internalData);
  const warnings = r.warnings.map(toWarning);
  if (!r.changed && !internal) {
    return { ...view(loaded, []), changed: false, changedStages: [], warnings, message: serverMessages.configs.nothing_to_update };
  }

  const next = r.changed ? r.config : base;
  const from: StageState = base.states[input.slug] ?? 'draft';
  // Stored: secrets encrypted (new text) or kept ("set"); answered and kept in memory: masked.
  const { sealed, doc } = sealChangedStages(key, loaded.sealed, next.doc, r.changedStages, next.catalogue);
  const meta: StoredWrite['meta'] = r.changedStages.map((slug) => {
    const key = `stage_data_${slug}`;
    const patches = slug in sealed ? null : stagePatches(r.patches, slug, base.doc[slug], next.doc[slug]);
    return patches ? { key, patches } : { key, value: sealed[slug] ?? next.doc[slug] };
  });
  if (from !== r.state) meta.push({ key: `stage_state_${input.slug}`, value: r.state });
  if (internal) meta.push({ key: `internal_data_${input.slug}`, value: internal.value });
  const after = configProgress(next);
  const progress = after.progress;
  // A write that completes the config completes its projects' config_submitted tasks in the same transaction.
  const completes = after.complete && !configProgress(base).complete;
  const version = await withConfigTriggers(deps, { configId: loaded.row.id, userId: viewer.id, completes }, (db) => storeWrite(db, {
    configId: loaded.row.id,
    baseVersion: base.version,
    progress,
    meta,
    company: companyNumbersOf(r.changedStages, next.doc),
    revision: {
      ...revision,
      userId: viewer.id,
      stage: input.slug,
      oldState: from,
      newState: r.state,
      patches: [...maskPatches(r.patches, next.catalogue), ...(internal?.patches ?? [])],
      inversePatches: [...(internal?.inverse ?? []), ...maskPatches(r.inversePatches, base.catalogue)],
      changedStages: r.changedStages,
    },
  }));
  const updated: LoadedConfig = {
    ...loaded,
    row: { ...loaded.row, version, progress, updatedAt: new Date() },
    snapshot: { ...next, doc, version },
    sealed,
    internal: internal ? { ...loaded.internal, [input.slug]: internal.value } : loaded.internal,
  };
  // The next write starts from here without reading the stage data back (configs.cache.ts).
  deps.configCache.put(updated);
  return { ...view(updated, r.changedStages), changed: true, changedStages: r.changedStages, warnings, message: serverMessages.configs.updated };
}
