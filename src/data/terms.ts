import { useQuery } from '@tanstack/react-query';
import { isHiddenRegion } from '../../contract/regions';
import { http } from '../http';
import { useDataWords, type NamedTerm } from '../i18n/dataWords';
import { sharedKeys } from './queryKeys';
import { CACHED_15_MIN, answered } from './queryPolicies';

/** A term as a form's or filter's choice. */
export interface TermChoice {
  id: number;
  name: string;
}
/** A term of GET /terms, with staff's words per locale (`names`) that `words.term` reads. */
interface TermRow extends NamedTerm {
  id: number;
  taxonomy?: { slug: string };
}


/**
 * The terms of some taxonomies, by taxonomy slug, from GET /terms (public, cached 15 minutes; one
 * request serves every form and filter that asks), named in the reader's language (regions as
 * countries, company types translated: i18n/dataWords.ts) and sorted by the reader's collation.
 * The USA regions are hidden (spec section 5) unless `withHidden`: a product priced in dollars
 * (contract/money.ts: the usa region's currency) needs them in the product form, staff's only.
 * @example const { region, make } = useTermChoices(['region', 'make'] as const);
 */
export function useTermChoices<T extends string>(taxonomies: readonly T[], { withHidden = false }: { withHidden?: boolean } = {}): Record<T, TermChoice[]> {
  const words = useDataWords();
  const { data } = useQuery({
    queryKey: sharedKeys.allTerms(),
    // A cancelled request answers nothing, which `answered` turns into an error, never "no terms".
    queryFn: async ({ signal }) => answered(await http.get<TermRow[]>('/terms', { notify: false, cache: false, signal })) ?? [],
    ...CACHED_15_MIN,
  });
  const out = Object.fromEntries(taxonomies.map((t) => [t, [] as TermChoice[]])) as Record<T, TermChoice[]>;
  for (const row of data ?? []) {
    const taxonomy = row.taxonomy?.slug as T | undefined;
    if (!taxonomy || !(taxonomy in out)) continue;
    // USA regions are hidden from the region choice (spec section 5), by the one rule registration uses too.
    if (taxonomy === 'region' && !withHidden && isHiddenRegion(row.slug)) continue;
    out[taxonomy].push({ id: row.id, name: words.term(taxonomy, row) });
  }
  for (const list of Object.values<TermChoice[]>(out)) list.sort((a, b) => words.compare(a.name, b.name));
  return out;
}
