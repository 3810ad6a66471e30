/**
 * The project enumerations of spec section 3: what a config, an agreement and a tracker
 * project is built for. Project and design types are used by the configs table and route
 * schemas (server/db/schema/configs.ts, server/configs/) and the create dialog
 * (src/configurator/api.ts); the project statuses, RAG statuses and variation types by the tracker
 * (server/db/schema/projects.ts, server/projects/, src/tracker/).
 */

/** Spec section 3, Enumerations: project types. */
export const PROJECT_TYPES = [
  'multi-franchise-dealer', 'single-franchise-dealer', 'independent', 'auto-e-migration', 'franchise', 'oem', 'stock',
  'vehicle-locator', 'jlr-osb', 'experience', 'other', 'leasing', 'data-management', 'inventory-solutions',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Spec section 3, Enumerations: design types. */
export const DESIGN_TYPES = ['template', 'custom', 'franchise', 'na'] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** Spec section 3: project statuses (the tracker). */
export const PROJECT_STATUSES = ['archived', 'cancelled', 'active', 'live', 'on hold', 'pre-project'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Spec section 3: a project's RAG status (the tracker). */
export const RAG_STATUSES = ['green', 'amber', 'red'] as const;
export type RagStatus = (typeof RAG_STATUSES)[number];

/** Spec section 3: variation types (project variations). */
export const VARIATION_TYPES = ['order_confirmation', 'configuration', 'styling', 'other'] as const;
export type VariationType = (typeof VARIATION_TYPES)[number];
