import { useTermChoices } from '../../data/terms';

/** Spec section 3/4: the company stages and statuses the API accepts (one list with the server's: contract/companies.ts). */
export { COMPANY_STAGES as STAGES, COMPANY_STATUSES as STATUSES } from '../../../contract/companies';
export const TAXONOMIES = ['type', 'region', 'make', 'partner'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

/** The terms of the company taxonomies, by taxonomy. */
export const useCompanyTerms = () => useTermChoices(TAXONOMIES);
