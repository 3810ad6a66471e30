import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/data/queryClient';
import { http } from '../../../src/http';

// react-query is the app's one cache of its own reads: what clears the HTTP client's storage cache
// (a write to a resource, a session change) drops the same reads there (src/data/queryClient.ts).
describe('the react-query cache follows the HTTP cache', () => {
  it("marks a resource's reads stale after a write to it, and leaves the others", () => {
    queryClient.setQueryData(['terms', 'all'], [{ id: 1 }]);
    queryClient.setQueryData(['configs', 'stage-catalogue'], { stages: [] });
    http.cache.clear('/terms');
    expect(queryClient.getQueryState(['terms', 'all'])?.isInvalidated).toBe(true);
    // Still there for a screen that shows it, until the next one asks again.
    expect(queryClient.getQueryData(['terms', 'all'])).toEqual([{ id: 1 }]);
    expect(queryClient.getQueryState(['configs', 'stage-catalogue'])?.isInvalidated).toBe(false);
  });

  it('forgets every read no screen shows when the session changes', () => {
    queryClient.setQueryData(['roles', 'choices'], [{ id: 1, name: 'Client' }]);
    http.cache.clear();
    expect(queryClient.getQueryData(['roles', 'choices'])).toBeUndefined();
    expect(queryClient.getQueryData(['terms', 'all'])).toBeUndefined();
  });
});
