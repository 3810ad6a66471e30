/**
 * The one pure function the server calls for every stage write. It decides everything (version,
 * access, gate, transition, validation, cascade) and returns either the next configuration with
 * patches, or errors with an HTTP status. The server only stores what it returns.
 */
import type { Patch } from 'immer';
import type { FieldError, StageState } from '../types';
import { deepEqual, isPlainObject } from '../json';
import { updateStage } from '../rules/apply';
import { getStage, hasStage, stageDefaults, withCatalogue } from '../stages/catalogue';
import type { DefaultsContext } from '../stages/context-defaults';
import { assignListIds } from '../stages/list-ids';
import { lockedRowProblems } from '../stages/row-locks';
import { guardInput } from '../validation/input-guard';
import { fieldError } from '../validation/messages';
import { stageShapeErrors, validateStage } from '../validation/validate-stage';
import { EDIT_CONFIGS, MANAGE_CONFIGS, hasAny } from './permissions';
import { isStageDataComplete, type ConfigSnapshot } from './progress';
import { ForbiddenTransitionError, IllegalTransitionError, transitionStage, type StageAction } from './transitions';

export interface WriteStageInput {
  config: ConfigSnapshot;
  slug: string;
  /** The new stage data (ignored for `reset`). */
  data: unknown;
  /** The state requested for the stage after this write. */
  state: StageState;
  permissions: readonly string[];
  /** The `version` of the config the client edited. */
  baseVersion: number;
  action?: StageAction;
  lng?: string;
  /**
   * The config's company (its region): a `reset` returns to the defaults of that company (country
   * fields: its region's country), and `visibleIf` reads it as `$company` (a field hidden for this
   * company is not judged, in this stage or in the stages it `requires`). Without it the region is null.
   */
  context?: DefaultsContext;
}

export interface WriteStageSuccess {
  ok: true;
  config: ConfigSnapshot;
  /** Slugs whose stage data changed (the written stage and any stage a cascade touched). */
  changedStages: string[];
  /** False when data and state were already as requested ('Nothing to update!'); version unchanged. */
  changed: boolean;
  patches: Patch[];
  inversePatches: Patch[];
  warnings: FieldError[];
  state: StageState;
}

export type WriteStageCode = 'forbidden' | 'unknown_stage' | 'stale' | 'blocked' | 'illegal_transition' | 'invalid';

export interface WriteStageFailure {
  ok: false;
  status: 403 | 404 | 409 | 422;
  code: WriteStageCode;
  message: string;
  errors: FieldError[];
}

export type WriteStageResult = WriteStageSuccess | WriteStageFailure;

function fail(status: WriteStageFailure['status'], code: WriteStageCode, key: string, params: Record<string, unknown>, lng?: string, errors?: FieldError[]): WriteStageFailure {
  const e = fieldError('', key, params, { lng });
  return { ok: false, status, code, message: e.message, errors: errors ?? [e] };
}

/**
 * Validates, cascades and applies one stage write.
 * @example
 *   const r = writeStage({ config, slug: 'franchises', data: { franchises: [] }, state: 'draft',
 *                          permissions: ['edit configs'], baseVersion: config.version });
 *   if (r.ok) for (const slug of r.changedStages) save(`stage_data_${slug}`, r.config.doc[slug]);
 *   else reply.code(r.status).send({ message: r.message, errors: r.errors });
 */
export function writeStage(input: WriteStageInput): WriteStageResult {
  // The config's pinned stage versions (its snapshot's catalogue) judge and cascade the write.
  return withCatalogue(input.config.catalogue, () => write(input));
}

function write(input: WriteStageInput): WriteStageResult {
  const { config, slug, state, permissions, lng } = input;
  const action = input.action ?? 'save';

  if (!hasStage(slug) || (config.stages && !config.stages.includes(slug))) {
    return fail(404, 'unknown_stage', 'validation:write.unknownStage', { slug }, lng);
  }
  if (input.baseVersion !== config.version) return fail(409, 'stale', 'validation:write.stale', {}, lng);
  const stage = getStage(slug);
  const mayWrite = stage.audience === 'internal' ? [MANAGE_CONFIGS] : [EDIT_CONFIGS, MANAGE_CONFIGS];
  if (!hasAny(permissions, mayWrite)) return fail(403, 'forbidden', 'validation:write.forbidden', {}, lng);
  if (!stage.requires.every((req) => isStageDataComplete(config, req, input.context))) {
    return fail(409, 'blocked', 'validation:write.blocked', { requires: stage.requires }, lng);
  }

  const from = config.states[slug] ?? 'draft';
  try {
    transitionStage({ from, to: state, action, permissions });
  } catch (err) {
    if (err instanceof IllegalTransitionError) {
      return fail(409, 'illegal_transition', 'validation:write.illegalTransition', { from, to: state }, lng);
    }
    if (err instanceof ForbiddenTransitionError) {
      const key = from === 'submitted' ? 'validation:write.submittedLocked' : 'validation:write.forbidden';
      return fail(403, 'forbidden', key, { from, to: state }, lng);
    }
    throw err;
  }

  const data = action === 'reset' ? stageDefaults(slug, input.context) : input.data;
  // Nothing above reads the data; from here everything may recurse into it, so the input guard
  // (depth, sizes, prototype keys) comes first.
  const refused = guardInput(data, { lng });
  if (refused) return fail(422, 'invalid', 'validation:generic.incomplete', {}, lng, [refused]);
  if (!isPlainObject(data)) {
    return fail(422, 'invalid', 'validation:generic.incomplete', {}, lng, [fieldError('', 'validation:field.type', { attribute: slug }, { lng })]);
  }
  // Types and unknown keys before the rules: they default and pad what they cannot read, which
  // would replace a wrong value instead of refusing it (see stageShapeErrors).
  const shapeErrors = stageShapeErrors(slug, data, { lng, company: input.context });
  if (shapeErrors.length) return fail(422, 'invalid', 'validation:generic.incomplete', {}, lng, shapeErrors);

  // Items of lists whose stage schema gives them an `id` get one when the client sent none (the
  // form's new items have one; data written through the API may not): other stages refer to them
  // by it, and an item without one could never be picked elsewhere nor pass a submit.
  const withIds = assignListIds(slug, data);

  // Cascade first (save-phase rules such as dropping blank division names shape what is stored),
  // then validate what would be stored.
  let r = updateStage(config.doc, slug, withIds, { phase: 'save' });
  // Rows staff locked (`disabled: true`) are staff's to change, remove, move, lock and unlock: a
  // writer without 'manage configs' (a dealer) may leave them only as they are, in the stage written
  // and in any stage its cascade changed (stage-relative pointers name the written stage's rows).
  if (!hasAny(permissions, [MANAGE_CONFIGS])) {
    const touched = new Set([slug, ...r.patches.map((p) => String(p.path[0]))]);
    const errors: FieldError[] = [];
    for (const s of touched) {
      for (const p of lockedRowProblems(s, config.doc[s], r.doc[s])) {
        if (s !== slug) {
          // The cascade reached a locked row of another stage: no field of this form is at fault, so
          // the message says so at the top of the form (field ''); `stage` names the stage for clients.
          errors.push(fieldError('', 'validation:write.rowLockedElsewhere', { id: p.id, kind: p.kind, stage: s }, { lng }));
          continue;
        }
        const key = p.kind === 'lock' ? 'validation:write.rowLock' : 'validation:write.rowLocked';
        errors.push(fieldError(p.path, key, { id: p.id, kind: p.kind, stage: s }, { lng }));
      }
    }
    if (errors.length) return { ok: false, status: 403, code: 'forbidden', message: errors[0].message, errors };
  }
  let warnings: FieldError[] = [];
  if (action === 'save') {
    // When the rules left the stage as sent, store the data the shape check judged: the schema's
    // verdict on frozen data is kept by identity (validate-stage.ts schemaPass), so a write of a
    // big stage pays for one schema pass, not one here, one in the shape check and one in the
    // answer's progress. The rules' result is a new object even then (sharing every unchanged part
    // with the old stage), so the comparison only walks the edited path.
    const stored = r.doc[slug];
    if (stored !== withIds && Object.isFrozen(withIds) && deepEqual(stored, withIds)) r = { ...r, doc: Object.freeze({ ...r.doc, [slug]: withIds }) };
    const v = validateStage(slug, r.doc[slug], r.doc, { mode: state === 'draft' ? 'draft' : 'submit', lng, stages: config.stages, company: input.context });
    if (v.errors.length) return fail(422, 'invalid', 'validation:generic.incomplete', {}, lng, v.errors);
    warnings = v.warnings;
    if (v.data !== r.doc[slug]) {
      const n = updateStage(r.doc, slug, v.data, { phase: 'save' });
      r = { doc: n.doc, patches: [...r.patches, ...n.patches], inversePatches: [...n.inversePatches, ...r.inversePatches], applied: r.applied };
    }
  }

  const changedStages = [...new Set(r.patches.map((p) => String(p.path[0])))];
  const changed = changedStages.length > 0 || from !== state || (action === 'reset' && !deepEqual(config.doc[slug], withIds));
  if (!changed) {
    return { ok: true, config, changedStages: [], changed: false, patches: [], inversePatches: [], warnings, state };
  }
  return {
    ok: true,
    config: { ...config, version: config.version + 1, doc: r.doc, states: { ...config.states, [slug]: state } },
    changedStages,
    changed: true,
    patches: r.patches,
    inversePatches: r.inversePatches,
    warnings,
    state,
  };
}
