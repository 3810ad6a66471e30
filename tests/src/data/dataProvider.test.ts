import { describe, expect, it } from 'vitest';
import { listQuery, totalFromContentRange } from '../../../src/data/dataProvider';

describe('ra-data-simple-rest helpers', () => {
  it('builds sort, range and filter', () => {
    expect(listQuery({ page: 2, perPage: 10 }, { field: 'name', order: 'ASC' }, { q: 'x' })).toEqual({
      sort: '["name","ASC"]',
      range: '[10,19]',
      filter: '{"q":"x"}',
    });
    expect(listQuery(undefined, undefined, undefined)).toEqual({ filter: '{}' });
  });

  it('reads the total from Content-Range', () => {
    expect(totalFromContentRange('items 0-24/319', 25)).toBe(319);
    expect(totalFromContentRange(undefined, 3)).toBe(3);
    expect(totalFromContentRange('items 0-24/*', 25)).toBe(25);
  });
});
