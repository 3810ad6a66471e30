import { COMPANY_TAXONOMIES } from '../../contract/companies';
import { useTermChoices } from '../data/terms';

/** Spec section 3/4: the company stages and statuses the API accepts (one list with the server's: contract/companies.ts). */
export { COMPANY_STAGES as STAGES, COMPANY_STATUSES as STATUSES } from '../../contract/companies';
/** The company taxonomies, in the server's (and the spec's) order: contract/companies.ts. */
export { COMPANY_TAXONOMIES as TAXONOMIES, type CompanyTaxonomy as Taxonomy } from '../../contract/companies';

/** The terms of the company taxonomies, by taxonomy. */
export const useCompanyTerms = () => useTermChoices(COMPANY_TAXONOMIES);
