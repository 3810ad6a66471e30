/** react-query keys of the roles screen (the rule: the API resource first, see src/data/queryKeys.ts). */
export const roleKeys = {
  /** GET /roles and /permissions together: the grid's rows and columns. */
  grid: () => ['roles', 'grid'] as const,
};
