import { useQuery } from '@tanstack/react-query';
import type { Term } from '../../auth/types';
import { sharedKeys } from '../../data/queryKeys';
import { CACHED_15_MIN, answered } from '../../data/queryPolicies';
import { http } from '../../http';

export interface TaxonomyTerm extends Term {
  taxonomy?: { id: number; name: string; slug: string };
}

/** Terms of one taxonomy (`GET /api/terms?taxonomy=region`), public, kept 15 minutes; used by registration. */
export function useTerms(taxonomy: string): { terms: TaxonomyTerm[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: sharedKeys.taxonomyTerms(taxonomy),
    queryFn: async ({ signal }) =>
      answered(await http.get<TaxonomyTerm[]>('/terms', { query: { taxonomy }, auth: false, recover: false, cache: false, signal })) ?? [],
    ...CACHED_15_MIN,
    // A failure leaves the choice empty, as it always did: registration still works without terms.
    retry: false,
  });
  return { terms: data ?? [], loading: isPending };
}
