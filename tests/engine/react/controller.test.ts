import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStageController, defaultEngine } from '../../../engine/react';
import { dealerGroup } from '../../../stories/support/dealerGroup';

type Loc = { id: string; franchises: string[] };
const locationsOf = (doc: Record<string, unknown>) => (doc.locations as { locations: Loc[] }).locations;

afterEach(() => vi.useRealTimers());

describe('useStageController core', () => {
  it('runs the rules on every edit: removing a franchise strips it from every location at once', () => {
    const doc = dealerGroup({ franchises: 3, locations: 4 });
    const c = createStageController({ slug: 'franchises', doc, engine: defaultEngine });
    const [first, ...rest] = (doc.franchises as { franchises: { id: string }[] }).franchises;
    expect(locationsOf(c.getDoc()).some((l) => l.franchises.includes(first.id))).toBe(true);
    c.setAt(['franchises'], rest);
    expect(locationsOf(c.getDoc()).some((l) => l.franchises.includes(first.id))).toBe(false);
  });

  it('keeps the identity of everything an edit did not touch', () => {
    const doc = dealerGroup({ locations: 5 });
    const c = createStageController({ slug: 'opening-hours', doc, engine: defaultEngine });
    const before = c.getData() as { hours: { days: Record<string, unknown> }[] };
    c.setAt(['hours', 2, 'days', 'monday', 'open'], '08:00');
    const after = c.getData() as typeof before;
    expect(after.hours[2].days.monday).toMatchObject({ open: '08:00' });
    expect(after.hours[2].days.tuesday).toBe(before.hours[2].days.tuesday);
    expect(after.hours[1]).toBe(before.hours[1]);
    expect(c.getDoc().locations).toBe(doc.locations);
  });

  it('validates only the edited section while typing, and everything on save', async () => {
    vi.useFakeTimers();
    const doc = dealerGroup({ locations: 2 });
    const hours = (doc['opening-hours'] as { hours: { days: Record<string, Record<string, unknown>> }[] }).hours;
    // A bad value already in another entry: typing elsewhere must not report it.
    hours[1].days.monday.open = '9am';
    const onSave = vi.fn();
    const c = createStageController({ slug: 'opening-hours', doc, engine: defaultEngine, onSave });
    c.setAt(['hours', 0, 'days', 'monday', 'open'], '25:99');
    expect(c.store.getState().errors).toEqual({});
    await vi.advanceTimersByTimeAsync(200);
    const errors = c.store.getState().errors as Record<string, Record<string, unknown>>;
    expect(Object.keys(errors.hours)).toEqual(['0']);
    expect(await c.save('draft')).toBe(false);
    expect(onSave).not.toHaveBeenCalled();
    const all = c.store.getState().errors as Record<string, Record<string, unknown>>;
    expect(Object.keys(all.hours).sort()).toEqual(['0', '1']);
    c.setAt(['hours', 0, 'days', 'monday', 'open'], '09:00');
    c.setAt(['hours', 1, 'days', 'monday', 'open'], '09:00');
    expect(await c.save('draft')).toBe(true);
    expect(onSave).toHaveBeenCalledWith(c.getData(), c.getDoc(), 'draft');
  });
});

describe("settle: 'after-paint' (the app's stage page)", () => {
  it('shows an edit at once and puts it through the rules right after, as one edit with the ones typed before it', async () => {
    vi.useFakeTimers();
    const doc = dealerGroup({ franchises: 3, locations: 4 });
    const onChange = vi.fn();
    const c = createStageController({ slug: 'franchises', doc, engine: defaultEngine, settle: 'after-paint', onChange });
    const [first, second, ...rest] = (doc.franchises as { franchises: { id: string }[] }).franchises;
    c.setAt(['franchises'], [second, ...rest]);
    c.setAt(['franchises'], rest);
    // In the store at once, as typed; the cascade and onChange wait for the paint.
    expect((c.store.getData() as { franchises: unknown[] }).franchises).toEqual(rest);
    expect(locationsOf(c.store.getState().doc).some((l) => l.franchises.includes(first.id))).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(onChange).toHaveBeenCalledTimes(1);
    const settled = c.store.getState().doc;
    expect(locationsOf(settled).some((l) => l.franchises.includes(first.id) || l.franchises.includes(second.id))).toBe(false);
    expect(onChange).toHaveBeenCalledWith(settled);
  });

  it('settles before anything reads the document through the controller, and Reset drops what was not settled', () => {
    vi.useFakeTimers();
    const doc = dealerGroup({ franchises: 2, locations: 2 });
    const onChange = vi.fn();
    const c = createStageController({ slug: 'franchises', doc, engine: defaultEngine, settle: 'after-paint', onChange });
    const [first, ...rest] = (doc.franchises as { franchises: { id: string }[] }).franchises;
    c.setAt(['franchises'], rest);
    expect(locationsOf(c.getDoc()).some((l) => l.franchises.includes(first.id))).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);

    c.setAt(['franchises'], []);
    c.reset(doc);
    vi.runAllTimers();
    expect(c.getDoc()).toBe(doc);
    expect(onChange).toHaveBeenCalledTimes(1);

    // An edit made just before the form goes away still reaches onChange.
    c.setAt(['franchises'], rest);
    c.dispose();
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
