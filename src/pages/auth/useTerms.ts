import { useEffect, useState } from 'react';
import type { Term } from '../../auth/types';
import { http } from '../../http';

export interface TaxonomyTerm extends Term {
  taxonomy?: { id: number; name: string; slug: string };
}

/** Terms of one taxonomy (`GET /api/terms?taxonomy=region`), public; used by registration. */
export function useTerms(taxonomy: string): { terms: TaxonomyTerm[]; loading: boolean } {
  const [terms, setTerms] = useState<TaxonomyTerm[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    http
      .get<TaxonomyTerm[]>('/terms', { query: { taxonomy }, auth: false, recover: false, signal: controller.signal })
      .then((list) => {
        if (list) setTerms(list);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [taxonomy]);
  return { terms, loading };
}
