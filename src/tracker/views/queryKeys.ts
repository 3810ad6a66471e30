/**
 * react-query keys of the projects views, the API resource first: a write to /projects (a project
 * or task changed) marks the overview stale (src/data/queryClient.ts).
 */
export const projectsKeys = {
  /** GET /projects/overview: the projects dashboard. */
  overview: () => ['projects', 'overview'] as const,
};
