import { queryOptions } from '@tanstack/react-query';
import { answered } from '../data/queryPolicies';
import { READ_AHEAD_MS } from '../data/prefetchRecord';
import { getAgreement } from './api';
import { agreementKeys } from './queryKeys';

/**
 * The read of one agreement, as the screen (useAgreement.ts) and the read its route starts
 * (readAhead.ts) both make it: one key and one query function, so the screen takes what the read
 * ahead brought. An answer under READ_AHEAD_MS old is taken as it is.
 */
export const agreementQuery = (id: string) =>
  queryOptions({
    queryKey: agreementKeys.detail(id),
    queryFn: async ({ signal }) => answered(await getAgreement(id, signal)),
    staleTime: READ_AHEAD_MS,
  });
