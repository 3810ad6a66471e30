import { describe, expect, it } from 'vitest';
import { getStage, lockedRowProblems, stageShapeErrors, writeStage, type ConfigSnapshot, type WriteStageFailure, type WriteStageSuccess } from '../../engine';
import { DEALER, STAFF, group, snapshot } from './fixtures';

type Row = Record<string, unknown>;

/** A group whose second location (l1) staff locked, stored as the server holds it. */
function lockedConfig(): ConfigSnapshot {
  const doc = group({ franchises: 2, locations: 3, departments: 0, hours: 0 });
  const locations = (doc.locations.locations as Row[]).map((l) => (l.id === 'l1' ? { ...l, disabled: true } : l));
  return snapshot({ ...doc, locations: { locations } });
}

const rows = (config: ConfigSnapshot) => config.doc.locations.locations as Row[];
const write = (config: ConfigSnapshot, locations: Row[], permissions: readonly string[]) =>
  writeStage({ config, slug: 'locations', data: { locations }, state: 'draft', permissions, baseVersion: config.version });
const refused = (r: ReturnType<typeof writeStage>) => {
  if (r.ok) throw new Error('expected a refusal');
  return r as WriteStageFailure;
};
const stored = (r: ReturnType<typeof writeStage>) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.status} ${r.code}: ${r.message} ${JSON.stringify(r.errors)}`);
  return r as WriteStageSuccess;
};

describe('row locks: where `disabled` lives', () => {
  it('every row of a list with ids may carry `disabled` (a boolean), hidden from the form', () => {
    expect(stageShapeErrors('locations', { locations: [{ id: 'l0', disabled: true }] })).toEqual([]);
    expect(stageShapeErrors('franchises', { franchises: [{ id: 'f0', name: 'Ford', disabled: false }] })).toEqual([]);
    expect(stageShapeErrors('locations', { locations: [{ id: 'l0', disabled: 'yes' }] }).map((e) => e.path)).toEqual(['/locations/0/disabled']);
    const ui = getStage('departments').uiSchema as { departments: { items: Record<string, unknown> } };
    expect(ui.departments.items.disabled).toEqual({ 'ui:widget': 'hidden' });
  });

  it('objects that are not rows of a list with ids do not get it', () => {
    expect(stageShapeErrors('extras', { extras: [{ name: 'GAP', disabled: true }] }).map((e) => e.key)).toEqual(['validation:field.invalid']);
  });
});

describe('row locks: a dealer may not touch a locked row', () => {
  it('refuses changing a locked row, with 403 and the message at the row', () => {
    const config = lockedConfig();
    const r = refused(write(config, rows(config).map((l) => (l.id === 'l1' ? { ...l, name: 'Renamed' } : l)), DEALER));
    expect(r.status).toBe(403);
    expect(r.code).toBe('forbidden');
    expect(r.message).toBe('This row is locked by our team: it cannot be changed, removed or moved.');
    expect(r.errors).toEqual([expect.objectContaining({ path: '/locations/1', key: 'validation:write.rowLocked' })]);
  });

  it('refuses removing a locked row', () => {
    const config = lockedConfig();
    const r = refused(write(config, rows(config).filter((l) => l.id !== 'l1'), DEALER));
    expect(r.status).toBe(403);
    expect(r.errors[0]).toMatchObject({ path: '/locations/1', key: 'validation:write.rowLocked', params: { kind: 'removed', id: 'l1' } });
  });

  it('refuses moving a locked row, or moving another row past it', () => {
    const config = lockedConfig();
    const [l0, l1, l2] = rows(config);
    expect(refused(write(config, [l1, l0, l2], DEALER)).errors[0].params).toMatchObject({ kind: 'moved', id: 'l1' });
    expect(refused(write(config, [l1, l2, l0], DEALER)).errors[0].params).toMatchObject({ kind: 'moved', id: 'l1' });
    expect(refused(write(config, [l0, l2, l1], DEALER)).status).toBe(403);
  });

  it('refuses unlocking a row, and locking one', () => {
    const config = lockedConfig();
    const unlocked = refused(write(config, rows(config).map(({ disabled: _d, ...l }) => l), DEALER));
    expect(unlocked.errors[0]).toMatchObject({ path: '/locations/1', key: 'validation:write.rowLock' });
    expect(unlocked.message).toBe('Only our team can lock or unlock a row.');
    const locked = refused(write(config, rows(config).map((l) => (l.id === 'l2' ? { ...l, disabled: true } : l)), DEALER));
    expect(locked.errors[0]).toMatchObject({ path: '/locations/2', key: 'validation:write.rowLock' });
    // A new row sent already locked.
    const added = refused(write(config, [...rows(config), { name: 'New', address: { line1: '9 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: ['f0'], disabled: true }], DEALER));
    expect(added.errors[0]).toMatchObject({ path: '/locations/3', key: 'validation:write.rowLock' });
  });

  it('refuses a reset that would remove a locked row', () => {
    const config = lockedConfig();
    const r = refused(writeStage({ config, slug: 'locations', data: undefined, state: 'draft', action: 'reset', permissions: DEALER, baseVersion: config.version }));
    expect(r.errors[0]).toMatchObject({ key: 'validation:write.rowLocked', params: { kind: 'removed' } });
  });

  it('refuses a change whose cascade reaches a locked row of another stage, saying so (not "this row")', () => {
    const config = lockedConfig();
    const locked = rows(config).find((l) => l.id === 'l1')!;
    const make = (locked.franchises as string[])[0];
    const franchises = (config.doc.franchises.franchises as Row[]).filter((f) => f.id !== make);
    const r = refused(writeStage({ config, slug: 'franchises', data: { franchises }, state: 'draft', permissions: DEALER, baseVersion: config.version }));
    expect(r.status).toBe(403);
    expect(r.message).toBe('This change would also change a row our team locked in another section. Ask our team to unlock it first.');
    expect(r.errors[0]).toMatchObject({ path: '', key: 'validation:write.rowLockedElsewhere', params: { stage: 'locations', id: 'l1', kind: 'changed' } });
    // Staff may: the cascade changes the locked row.
    expect(stored(writeStage({ config, slug: 'franchises', data: { franchises }, state: 'draft', permissions: STAFF, baseVersion: config.version })).ok).toBe(true);
  });

  it('lets a dealer change the other rows, add and remove rows around a locked one, and send it back unchanged', () => {
    const config = lockedConfig();
    const [l0, l1, l2] = rows(config);
    // Unchanged: nothing to update.
    expect(stored(write(config, rows(config), DEALER)).changed).toBe(false);
    const extra = { id: 'l9', name: 'New site', address: { line1: '9 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: ['f0'] };
    const r = stored(write(config, [{ ...l0, name: 'Renamed' }, l1, extra], DEALER));
    expect(rows(r.config).map((l) => l.id)).toEqual(['l0', 'l1', 'l9']);
    expect(rows(r.config)[1]).toEqual(l1);
    // Removing the row before it moves it down the list, not past any row: allowed.
    expect(stored(write(config, [l1, l2], DEALER)).changed).toBe(true);
  });
});

describe('row locks: staff may', () => {
  it('change, move, remove, lock and unlock rows', () => {
    const config = lockedConfig();
    const [l0, l1, l2] = rows(config);
    expect(stored(write(config, [{ ...l1, name: 'Renamed' }, l0, l2], STAFF)).changed).toBe(true);
    expect(stored(write(config, [l0, l2], STAFF)).changed).toBe(true);
    const { disabled: _d, ...open } = l1;
    const r = stored(write(config, [{ ...l0, disabled: true }, open, l2], STAFF));
    expect(rows(r.config).map((l) => l.disabled)).toEqual([true, undefined, undefined]);
  });
});

describe('lockedRowProblems', () => {
  it('names each problem once, with the row pointer', () => {
    const before = { franchises: [{ id: 'a', name: 'A', disabled: true }, { id: 'b', name: 'B', disabled: true }, { id: 'c', name: 'C' }] };
    expect(lockedRowProblems('franchises', before, before)).toEqual([]);
    expect(lockedRowProblems('franchises', before, { franchises: [before.franchises[0], { id: 'c', name: 'C' }] })).toEqual([{ kind: 'removed', path: '/franchises/1', id: 'b' }]);
    expect(lockedRowProblems('franchises', before, { franchises: [before.franchises[1], before.franchises[0], before.franchises[2]] }).map((p) => p.kind)).toEqual(['moved', 'moved']);
    // Rows on one side of a locked row may be reordered and removed freely.
    const many = { franchises: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C', disabled: true }, { id: 'd', name: 'D' }] };
    expect(lockedRowProblems('franchises', many, { franchises: [many.franchises[1], many.franchises[0], many.franchises[2]] })).toEqual([]);
  });
});
