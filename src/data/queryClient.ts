import { QueryClient } from '@tanstack/react-query';
import { http } from '../http';

/**
 * The app's one react-query client. `App.tsx` gives it to react-admin's `<AdminContext>`, so
 * react-admin's resource screens and the app's own `useQuery` reads share one cache. Its defaults
 * are react-query's, exactly what react-admin would create when given none; each read names its
 * policy (`queryPolicies.ts`).
 */
export const queryClient = new QueryClient();

/**
 * What clears the HTTP client's storage cache drops the same reads here, so react-query never
 * keeps what the storage cache would have dropped: a write to a resource (`/terms`) marks every
 * query whose key starts with that resource (`['terms', ...]`: the rule of every `queryKeys.ts`)
 * stale, to be read again by the next screen that asks; nothing is refetched at once, as before.
 * A session change (`''`) forgets every query no screen shows (a different user must never see
 * the previous one's data) and marks the shown ones stale.
 */
http.cache.onClear((prefix) => {
  if (!prefix) {
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries({ refetchType: 'none' });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: [prefix.replace(/^\/(api\/)?/, '')], refetchType: 'none' });
});
