import { describe, expect, it } from 'vitest';
import { withKnownStages, type ConfigDetail, type WriteResponse } from '../../../src/configurator/api';

const known = {
  id: 7,
  guid: 'g',
  version: 4,
  stages: [],
  data: { franchises: { franchises: [{ id: 'f1' }, { id: 'f2' }] }, locations: { locations: [{ id: 'l1', franchises: ['f1', 'f2'] }] }, 'company-information': { name: 'A' }, divisions: { divisions: ['New Cars'] } },
  internal_data: { franchises: { note: 'old' }, locations: { note: 'kept' } },
} as unknown as ConfigDetail;

const answer = (over: Partial<WriteResponse>) => ({ ...known, version: 5, changed: true, warnings: [], ...over }) as WriteResponse;

describe('a stage write answered with only what it changed', () => {
  it('lays the written and cascaded stages over the config the client held, keeping every other stage', () => {
    const merged = withKnownStages(known, answer({
      changedStages: ['franchises', 'locations'],
      data: { franchises: { franchises: [{ id: 'f1' }] }, locations: { locations: [{ id: 'l1', franchises: ['f1'] }] } },
      internal_data: { franchises: { note: 'new' } },
    }), 'franchises');
    expect(merged.version).toBe(5);
    expect(merged.data).toEqual({ ...known.data, franchises: { franchises: [{ id: 'f1' }] }, locations: { locations: [{ id: 'l1', franchises: ['f1'] }] } });
    expect(merged.internal_data).toEqual({ franchises: { note: 'new' }, locations: { note: 'kept' } });
    // The client's own copy is not changed under it.
    expect(known.data.franchises).toEqual({ franchises: [{ id: 'f1' }, { id: 'f2' }] });
  });

  it('drops a changed stage the answer has no data for (the write emptied it)', () => {
    const merged = withKnownStages(known, answer({ changedStages: ['franchises', 'divisions'], data: { franchises: { franchises: [] } } }), 'franchises');
    expect(merged.data).not.toHaveProperty('divisions');
    expect(merged.data.franchises).toEqual({ franchises: [] });
    expect(merged.data['company-information']).toEqual({ name: 'A' });
  });

  it('keeps the written stage as answered when nothing changed', () => {
    const merged = withKnownStages(known, answer({ changed: false, changedStages: [], data: { franchises: known.data.franchises } }), 'franchises');
    expect(merged.data).toEqual(known.data);
  });

  it('takes the written stage from what was sent when the server stored it as sent, and still lays the cascade over', () => {
    const sent = { franchises: [{ id: 'f1' }] };
    const merged = withKnownStages(known, answer({
      changedStages: ['franchises', 'locations'],
      stored_as_sent: true,
      data: { locations: { locations: [{ id: 'l1', franchises: ['f1'] }] } },
    }), 'franchises', sent);
    expect(merged.data.franchises).toBe(sent);
    expect(merged.data.locations).toEqual({ locations: [{ id: 'l1', franchises: ['f1'] }] });
    expect(merged.data['company-information']).toEqual({ name: 'A' });
    // Without stored_as_sent, a written stage missing from the answer has no data any more.
    expect(withKnownStages(known, answer({ changedStages: ['franchises'], data: {} }), 'franchises', sent).data).not.toHaveProperty('franchises');
  });
});
