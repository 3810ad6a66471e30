import { useQuery } from '@tanstack/react-query';
import { http } from '../http';

/** The taxonomies a showcase post is filed under (contract: region, make, type). */
export const POST_TAXONOMIES = ['region', 'make', 'type'] as const;
export type PostTaxonomy = (typeof POST_TAXONOMIES)[number];

export interface TermChoice {
  id: number;
  name: string;
}
interface TermRow {
  id: number;
  name: string;
  slug: string;
  taxonomy?: { slug: string };
}

// USA regions are hidden from the region choice (spec section 5), as everywhere else.
const HIDDEN_REGIONS = new Set(['usa', 'us']);

/**
 * The region, make and type terms by taxonomy (GET /terms: public, cached 15 minutes), for the
 * dealer page's filters and the staff form's pickers alike.
 */
export function usePostTerms(): Record<PostTaxonomy, TermChoice[]> {
  const { data } = useQuery({
    queryKey: ['terms', 'post-taxonomies'],
    // No cancellation: a cancelled request answers nothing, which must not be kept as "no terms".
    queryFn: async () => (await http.get<TermRow[]>('/terms', { notify: false })) ?? [],
    staleTime: 15 * 60 * 1000,
  });
  const out: Record<PostTaxonomy, TermChoice[]> = { region: [], make: [], type: [] };
  for (const row of data ?? []) {
    const taxonomy = row.taxonomy?.slug as PostTaxonomy | undefined;
    if (!taxonomy || !(taxonomy in out)) continue;
    if (taxonomy === 'region' && HIDDEN_REGIONS.has(row.slug.toLowerCase())) continue;
    out[taxonomy].push({ id: row.id, name: row.name });
  }
  return out;
}
