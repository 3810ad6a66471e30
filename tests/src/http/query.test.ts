import { describe, expect, it } from 'vitest';
import { serializeQuery, withQuery } from '../../../src/http/query';

describe('serializeQuery', () => {
  it('repeats keys for arrays instead of using brackets', () => {
    const query = serializeQuery({ ids: [1, 2, 3] });
    expect(query).toBe('ids=1&ids=2&ids=3');
    expect(query).not.toMatch(/%5B|\[/);
  });

  it('sends plain objects as JSON (ra-data-simple-rest filters)', () => {
    expect(decodeURIComponent(serializeQuery({ filter: { taxonomy: 'region' } }))).toBe('filter={"taxonomy":"region"}');
  });

  it('leaves out null and undefined, keeps 0, false and empty strings', () => {
    expect(serializeQuery({ a: null, b: undefined, c: 0, d: false, e: '' })).toBe('c=0&d=false&e=');
  });

  it('encodes reserved characters', () => {
    expect(serializeQuery({ q: 'a&b=c d' })).toBe('q=a%26b%3Dc+d');
  });

  it('gives an empty string for no params', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
  });
});

describe('withQuery', () => {
  it('appends with ? or & as needed', () => {
    expect(withQuery('/api/terms', { taxonomy: 'region' })).toBe('/api/terms?taxonomy=region');
    expect(withQuery('/api/terms?x=1', { y: 2 })).toBe('/api/terms?x=1&y=2');
    expect(withQuery('/api/terms', {})).toBe('/api/terms');
  });
});
