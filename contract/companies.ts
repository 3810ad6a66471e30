/**
 * The Company enumerations of spec sections 3 and 4, defined once: the server's route schemas and
 * list filters accept them (server/companies/), the app's company form and list offer them
 * (src/companies/choices.ts).
 */

/** Spec section 3/4: configurator or showcase; 'created' also appears (prefills registered details). */
export const COMPANY_STAGES = ['created', 'configurator', 'showcase'] as const;
export type CompanyStage = (typeof COMPANY_STAGES)[number];

/** Status defaults to active (spec section 4); other values are not shown, so staff may only switch a company off. */
export const COMPANY_STATUSES = ['active', 'inactive'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/**
 * Spec section 3: the taxonomies a company is tagged with, in the spec's order. The server's route
 * schemas, writes and list filters and the app's company form and list use this one list.
 */
export const COMPANY_TAXONOMIES = ['type', 'region', 'partner', 'make'] as const;
export type CompanyTaxonomy = (typeof COMPANY_TAXONOMIES)[number];
