import { useTermChoices } from '../../data/terms';

/** Spec section 3/4: the company stages and statuses the API accepts (server/companies/companies.fields.ts). */
export const STAGES = ['created', 'configurator', 'showcase'] as const;
export const STATUSES = ['active', 'inactive'] as const;
export const TAXONOMIES = ['type', 'region', 'make', 'partner'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

/** The terms of the company taxonomies, by taxonomy. */
export const useCompanyTerms = () => useTermChoices(TAXONOMIES);
