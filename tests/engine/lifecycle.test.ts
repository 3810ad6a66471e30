import { applyPatches, enablePatches } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  ForbiddenTransitionError,
  IllegalTransitionError,
  configProgress,
  isStageOpen,
  stageCatalogue,
  stageTransitions,
  transitionStage,
  writeStage,
  type ConfigSnapshot,
  type StageState,
  type WriteStageFailure,
  type WriteStageSuccess,
} from '../../engine';
import { DEALER, STAFF, companyInformation, group, snapshot } from './fixtures';

enablePatches();

const write = (config: ConfigSnapshot, slug: string, data: unknown, state: StageState, permissions = DEALER, extra: object = {}) =>
  writeStage({ config, slug, data, state, permissions, baseVersion: config.version, ...extra });
const ok = (r: ReturnType<typeof writeStage>) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.status} ${r.code}: ${r.message}`);
  return r as WriteStageSuccess;
};
const failed = (r: ReturnType<typeof writeStage>) => {
  if (r.ok) throw new Error('expected a failure');
  return r as WriteStageFailure;
};

describe('transition table', () => {
  it('dealers (edit configs) may save drafts, submit, and resubmit a completed stage', () => {
    expect(transitionStage({ from: 'draft', to: 'draft', permissions: DEALER }).action).toBe('save');
    expect(transitionStage({ from: 'draft', to: 'submitted', permissions: DEALER })).toBeTruthy();
    expect(transitionStage({ from: 'completed', to: 'submitted', permissions: DEALER })).toBeTruthy();
    expect(transitionStage({ from: 'draft', to: 'draft', action: 'reset', permissions: DEALER })).toBeTruthy();
  });

  it('a submitted stage cannot be amended by the dealer; staff (manage configs) can amend and complete', () => {
    expect(() => transitionStage({ from: 'submitted', to: 'submitted', permissions: DEALER })).toThrow(ForbiddenTransitionError);
    expect(() => transitionStage({ from: 'submitted', to: 'completed', permissions: DEALER })).toThrow(/needs one of: manage configs/);
    expect(transitionStage({ from: 'submitted', to: 'submitted', permissions: STAFF })).toBeTruthy();
    expect(transitionStage({ from: 'submitted', to: 'completed', permissions: STAFF })).toBeTruthy();
  });

  it('an illegal transition is a clear error, never a no-op', () => {
    expect(() => transitionStage({ from: 'completed', to: 'draft', permissions: STAFF })).toThrow(IllegalTransitionError);
    expect(() => transitionStage({ from: 'completed', to: 'draft', permissions: STAFF })).toThrow(/must be re-submitted/);
    expect(() => transitionStage({ from: 'draft', to: 'completed', permissions: STAFF })).toThrow(/Illegal stage transition: save from "draft" to "completed"/);
    expect(() => transitionStage({ from: 'draft', to: 'submitted', action: 'reset', permissions: STAFF })).toThrow(IllegalTransitionError);
  });

  it('every row names who may take it and why', () => {
    for (const t of stageTransitions) {
      expect(t.allowed.length).toBeGreaterThan(0);
      expect(t.note.length).toBeGreaterThan(10);
    }
  });
});

describe('writeStage', () => {
  it('stores data with the requested state, cascades across stages and bumps the version', () => {
    const doc = group({ franchises: 2, locations: 2, departments: 2, hours: 0 });
    const config: ConfigSnapshot = { version: 7, doc, states: { franchises: 'draft', locations: 'submitted' } };
    const r = ok(write(config, 'franchises', { franchises: [{ id: 'f1', name: 'Make 1' }] }, 'submitted'));
    expect(r.config.version).toBe(8);
    expect(r.config.states.franchises).toBe('submitted');
    expect(r.config.states.locations).toBe('submitted'); // a cascade changes data, never another stage's state
    expect(r.changedStages.sort()).toEqual(['franchises', 'locations']);
    expect((r.config.doc.locations.locations as { franchises: string[] }[]).every((l) => !l.franchises.includes('f0'))).toBe(true);
    expect(applyPatches(doc, r.patches)).toEqual(r.config.doc);
    expect(config.version).toBe(7); // pure: the input is untouched
  });

  it('a stale version is 409 and changes nothing', () => {
    const config = snapshot(undefined, 3);
    const r = failed(writeStage({ config, slug: 'franchises', data: { franchises: [] }, state: 'draft', permissions: DEALER, baseVersion: 2 }));
    expect([r.status, r.code]).toEqual([409, 'stale']);
    expect(r.message).toMatch(/changed by someone else/);
  });

  it('invalid data is 422 with field errors; drafts may be incomplete', () => {
    const config = snapshot();
    const bad = { locations: [{ id: 'l1', name: 'Leeds', address: { line1: '1 Road', town: 'Leeds', country: 'GB' }, postcode: '75001', franchises: [] }] };
    const r = failed(write(config, 'locations', bad, 'draft'));
    expect([r.status, r.code, r.message]).toEqual([422, 'invalid', 'Please make sure that all required fields are complete.']);
    expect(r.errors).toEqual([expect.objectContaining({ path: '/locations/0/postcode', message: 'must be a valid postcode' })]);
    const partial = { keyContact: { name: 'Ann Lee', email: '', telephone: '' } };
    expect(write(config, 'key-contact', partial, 'draft').ok).toBe(true);
    const submit = failed(write(config, 'key-contact', partial, 'submitted'));
    expect(submit.errors.map((e) => e.path)).toEqual(['/keyContact/email', '/keyContact/telephone']);
  });

  it('a user without edit configs or manage configs is 403', () => {
    const r = failed(write(snapshot(), 'franchises', { franchises: [] }, 'draft', ['view configs']));
    expect([r.status, r.code]).toEqual([403, 'forbidden']);
  });

  it('a submitted stage cannot be amended by the dealer (403), staff may; completed needs re-submission (409 for draft)', () => {
    const base = snapshot();
    const submitted = ok(write(base, 'franchises', { franchises: [{ id: 'f1', name: 'Kia' }] }, 'submitted')).config;
    const dealer = failed(write(submitted, 'franchises', { franchises: [{ id: 'f1', name: 'Kia UK' }] }, 'submitted'));
    expect([dealer.status, dealer.message]).toEqual([403, 'This section has been submitted and can no longer be amended.']);
    const completed = ok(write(submitted, 'franchises', { franchises: [{ id: 'f1', name: 'Kia' }] }, 'completed', STAFF)).config;
    expect(completed.states.franchises).toBe('completed');
    const toDraft = failed(write(completed, 'franchises', { franchises: [] }, 'draft'));
    expect([toDraft.status, toDraft.code]).toEqual([409, 'illegal_transition']);
    const resubmitted = ok(write(completed, 'franchises', { franchises: [{ id: 'f1', name: 'Kia Leeds' }] }, 'submitted'));
    expect(resubmitted.config.states.franchises).toBe('submitted');
    expect(resubmitted.config.doc.franchises).toEqual({ franchises: [{ id: 'f1', name: 'Kia Leeds' }] });
  });

  it('reset returns the stage to an empty draft (and cascades)', () => {
    const doc = group({ franchises: 2, locations: 2, departments: 0, hours: 0 });
    const r = ok(write({ version: 1, doc, states: { franchises: 'draft' } }, 'franchises', null, 'draft', DEALER, { action: 'reset' }));
    expect(r.config.doc.franchises).toEqual({ franchises: [] });
    expect((r.config.doc.locations.locations as { franchises: string[] }[]).map((l) => l.franchises)).toEqual([[], []]);
    const staffOnly = failed(write({ version: 1, doc, states: { franchises: 'submitted' } }, 'franchises', null, 'draft', DEALER, { action: 'reset' }));
    expect(staffOnly.status).toBe(403);
  });

  it('company information must be complete before other stages open (blocked)', () => {
    const empty: ConfigSnapshot = { version: 1, doc: {}, states: {} };
    const r = failed(write(empty, 'franchises', { franchises: [] }, 'draft'));
    expect([r.status, r.code, r.message]).toEqual([409, 'blocked', 'Company information must be complete before other sections are accessible.']);
    expect(isStageOpen(empty, 'franchises')).toBe(false);
    expect(isStageOpen(empty, 'company-information')).toBe(true);
    const incomplete = ok(write(empty, 'company-information', { companyInformation: { name: 'Demo Motors' } }, 'draft')).config;
    expect(isStageOpen(incomplete, 'franchises')).toBe(false);
    const complete = ok(write(incomplete, 'company-information', companyInformation, 'draft')).config;
    expect(isStageOpen(complete, 'franchises')).toBe(true);
    expect(write(complete, 'franchises', { franchises: [] }, 'draft').ok).toBe(true);
  });

  it('save-phase rules shape what is stored; warnings do not block; unchanged data is "nothing to update"', () => {
    const config = snapshot();
    const r = ok(write(config, 'divisions', { divisions: [{ id: 'a', divisionName: 'North', divisionLocations: [] }, { id: 'b', divisionName: ' ', divisionLocations: [] }] }, 'draft'));
    expect((r.config.doc.divisions.divisions as { id: string }[]).map((d) => d.id)).toEqual(['a']);
    const extras = { extras: Array.from({ length: 6 }, (_, i) => ({ name: `Extra ${i}`, price: 5 })) };
    const w = ok(write(config, 'extras', extras, 'submitted'));
    expect(w.warnings.map((x) => x.key)).toEqual(['validation:warning.extras']);
    const again = ok(write(r.config, 'divisions', r.config.doc.divisions, 'draft'));
    expect([again.changed, again.config.version, again.changedStages]).toEqual([false, r.config.version, []]);
  });

  it('an unknown stage is 404', () => {
    expect(failed(write(snapshot(), 'spaceships', {}, 'draft')).status).toBe(404);
  });
});

describe('configProgress', () => {
  it('is the share of required stages submitted or completed, and complete when all are', () => {
    const required = stageCatalogue.filter((s) => s.required).map((s) => s.slug);
    const config: ConfigSnapshot = { ...snapshot(), states: {} };
    expect(configProgress(config)).toMatchObject({ done: 0, total: required.length, progress: 0, complete: false });
    config.states = { [required[0]]: 'submitted', [required[1]]: 'completed', 'social-feeds': 'submitted' };
    const p = configProgress(config);
    expect([p.done, p.progress]).toEqual([2, Math.floor((2 / required.length) * 100)]);
    config.states = Object.fromEntries(required.map((s) => [s, 'completed']));
    expect(configProgress(config)).toMatchObject({ progress: 100, complete: true });
  });

  it('counts only the stages the config includes and reports which are open', () => {
    const config: ConfigSnapshot = { version: 1, doc: {}, states: { franchises: 'submitted' }, stages: ['company-information', 'franchises'] };
    const p = configProgress(config);
    expect([p.done, p.total, p.progress]).toEqual([1, 2, 50]);
    expect(p.stages.map((s) => [s.slug, s.open])).toEqual([['company-information', true], ['franchises', false]]);
  });
});
