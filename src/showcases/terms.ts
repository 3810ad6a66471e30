import { useTermChoices } from '../data/terms';

export type { TermChoice } from '../data/terms';

/** The taxonomies a showcase post is filed under (contract: region, make, type). */
export const POST_TAXONOMIES = ['region', 'make', 'type'] as const;
export type PostTaxonomy = (typeof POST_TAXONOMIES)[number];

/** The region, make and type terms, by taxonomy, for the dealer page's filters and the staff form's pickers alike. */
export const usePostTerms = () => useTermChoices(POST_TAXONOMIES);
