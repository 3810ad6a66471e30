import { queryClient } from '../data/queryClient';
import { READ_AHEAD_MS } from '../data/prefetchRecord';
import { agreementQuery } from './agreementQuery';

/**
 * Reads an agreement into the cache under useAgreement's key as the route guard starts its screen
 * (issue 59): the read goes out beside the screen's code and texts, not after its first render. The
 * screen takes the answer if it is under READ_AHEAD_MS old; coming back later reads it anew.
 */
export function prefetchAgreement(id: string): Promise<unknown> {
  return queryClient.prefetchQuery({
    ...agreementQuery(id),
    // Kept only until the screen takes it (its own gcTime is 0): an answer nobody took is dropped.
    gcTime: READ_AHEAD_MS,
  });
}
