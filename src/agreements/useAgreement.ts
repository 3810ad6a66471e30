import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FRESH } from '../data/queryPolicies';
import { READ_AHEAD_MS } from '../data/prefetchRecord';
import { isMissing } from '../routing/stopNavigation';
import { agreementQuery } from './agreementQuery';
import type { AgreementDetail } from './api';
import { agreementKeys } from './queryKeys';

export interface AgreementState {
  agreement: AgreementDetail | undefined;
  /** Why it could not be loaded (an unknown id or another company's agreement is a 404: the page leaves, src/routing/stopNavigation.ts). */
  error: unknown;
  failed: boolean;
  /** Puts an answer of a write (save, sign, recall) in place of the one shown. */
  replace(next: AgreementDetail): void;
}

/**
 * One agreement by the id of the address, fresh at every visit (a salesperson may have changed it a
 * minute ago): read as the screen mounts, or taken from the read its route started (readAhead.ts)
 * when that is under READ_AHEAD_MS old. Nothing is kept once the screen has gone (gcTime 0).
 */
export function useAgreement(id: string | undefined): AgreementState {
  const client = useQueryClient();
  const key = agreementKeys.detail(id ?? '');
  const { data, error } = useQuery({
    ...agreementQuery(id ?? ''),
    enabled: Boolean(id),
    ...FRESH,
    staleTime: READ_AHEAD_MS,
  });
  const replace = useCallback((next: AgreementDetail) => client.setQueryData(key, next), [client, key]);
  return { agreement: data ?? undefined, error, failed: Boolean(error) && !isMissing(error), replace };
}
