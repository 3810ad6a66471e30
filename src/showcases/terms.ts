import { POST_TAXONOMIES, type PostTaxonomy } from '../../contract/posts';
import { useTermChoices } from '../data/terms';

export type { TermChoice } from '../data/terms';

/** The taxonomies a showcase post is filed under (region, make, type): one list with the server's (contract/posts.ts). */
export { POST_TAXONOMIES, type PostTaxonomy };

/** The region, make and type terms, by taxonomy, for the dealer page's filters and the staff form's pickers alike. */
export const usePostTerms = () => useTermChoices(POST_TAXONOMIES);
