import { useQuery } from '@tanstack/react-query';
import { http } from '../../http';

/** Spec section 3/4: the company stages and statuses the API accepts (server/services/companies-fields.ts). */
export const STAGES = ['created', 'configurator', 'showcase'] as const;
export const STATUSES = ['active', 'inactive'] as const;
export const TAXONOMIES = ['type', 'region', 'make', 'partner'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

export interface TermChoice {
  id: number;
  name: string;
  slug: string;
}
interface TermRow extends TermChoice {
  taxonomy?: { slug: string };
}

// USA regions are hidden from the region choice (spec section 5), as in registration.
const HIDDEN_REGIONS = new Set(['usa', 'us']);

/** The terms of the company taxonomies, by taxonomy (GET /terms: public, cached 15 minutes). */
export function useCompanyTerms(): Record<Taxonomy, TermChoice[]> {
  const { data } = useQuery({
    queryKey: ['terms', 'company-taxonomies'],
    queryFn: async ({ signal }) => (await http.get<TermRow[]>('/terms', { signal, notify: false })) ?? [],
    staleTime: 15 * 60 * 1000,
  });
  const out: Record<Taxonomy, TermChoice[]> = { type: [], region: [], make: [], partner: [] };
  for (const row of data ?? []) {
    const taxonomy = row.taxonomy?.slug as Taxonomy | undefined;
    if (!taxonomy || !(taxonomy in out)) continue;
    if (taxonomy === 'region' && HIDDEN_REGIONS.has(row.slug.toLowerCase())) continue;
    out[taxonomy].push({ id: row.id, name: row.name, slug: row.slug });
  }
  return out;
}
