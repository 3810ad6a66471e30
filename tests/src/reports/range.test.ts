import { describe, expect, it } from 'vitest';
import { defaultRange, lastMonths, monthsCovered, rangeFromParams, rangeProblems } from '../../../src/reports/range';

const TODAY = new Date('2026-05-20T23:30:00Z');

describe('report range', () => {
  it('defaults to the last twelve calendar months, this one included, as the API does', () => {
    expect(defaultRange(TODAY)).toEqual({ from: '2025-06-01', to: '2026-05-20' });
    expect(defaultRange(new Date('2026-01-05T00:00:00Z'))).toEqual({ from: '2025-02-01', to: '2026-01-05' });
  });

  it('reads the range from the address, each missing end the default', () => {
    expect(rangeFromParams(new URLSearchParams('from=2024-01-01&to=2024-12-31'), TODAY)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(rangeFromParams(new URLSearchParams('from=2025-01-01'), TODAY)).toEqual({ from: '2025-01-01', to: '2026-05-20' });
    expect(rangeFromParams(new URLSearchParams(''), TODAY)).toEqual(defaultRange(TODAY));
  });

  it('counts calendar months, both ends included', () => {
    expect(monthsCovered({ from: '2026-01-31', to: '2026-02-01' })).toBe(2);
    expect(monthsCovered({ from: '2023-06-01', to: '2026-05-31' })).toBe(36);
  });

  it('refuses what the API refuses: unreal days, from after to, more than 36 months', () => {
    expect(rangeProblems({ from: '2025-06-01', to: '2026-05-20' })).toEqual([]);
    expect(rangeProblems({ from: '2026-02-30', to: '2026-05-20' })).toEqual(['fromInvalid']);
    expect(rangeProblems({ from: '2026-01-01', to: 'soon' })).toEqual(['toInvalid']);
    expect(rangeProblems({ from: '2026-05-21', to: '2026-05-20' })).toEqual(['order']);
    expect(rangeProblems({ from: '2023-06-01', to: '2026-05-31' })).toEqual([]);
    expect(rangeProblems({ from: '2023-05-31', to: '2026-05-01' })).toEqual(['tooLong']);
  });

  it('offers the last N months to today', () => {
    expect(lastMonths(3, TODAY)).toEqual({ from: '2026-03-01', to: '2026-05-20' });
    expect(lastMonths(36, TODAY)).toEqual({ from: '2023-06-01', to: '2026-05-20' });
    expect(rangeProblems(lastMonths(36, TODAY))).toEqual([]);
  });
});
