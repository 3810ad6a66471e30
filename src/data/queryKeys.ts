/**
 * react-query keys of the reads several areas share. Every key of the app (this file and each
 * area's `queryKeys.ts`) starts with the API resource it reads (`terms`, `configs`, `posts`, ...):
 * a write to that resource marks them stale (queryClient.ts).
 */
export const sharedKeys = {
  /** GET /terms, every taxonomy: the forms' and filters' choices. */
  allTerms: () => ['terms', 'all'] as const,
  /** GET /terms?taxonomy=: one taxonomy, signed out (registration). */
  taxonomyTerms: (taxonomy: string) => ['terms', 'taxonomy', taxonomy] as const,
  /** GET /configs/stages: the stage catalogue and the design and project types. */
  stageCatalogue: () => ['configs', 'stage-catalogue'] as const,
};
