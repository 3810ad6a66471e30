/**
 * react-query keys of the review reads (issue 55), the API resource first (`configs`), so a write to
 * the config marks them stale too (src/data/queryClient.ts).
 */
export const reviewKeys = {
  /** Every review read of one config (what a write refreshes). */
  config: (configId: number | string) => ['configs', 'review', String(configId)] as const,
  /** A stage's threads, open and resolved. */
  threads: (configId: number | string, stage: string) => ['configs', 'review', String(configId), 'threads', stage] as const,
  /** Every stage's threads (the overview); under the threads' prefix, so a review write reads them again too. */
  allThreads: (configId: number | string) => ['configs', 'review', String(configId), 'threads'] as const,
  /** The request for changes a stage is under (its history's latest). */
  request: (configId: number | string, stage: string) => ['configs', 'review', String(configId), 'request', stage] as const,
  /** Open threads per stage (the config dashboard). */
  counts: (configId: number | string) => ['configs', 'review', String(configId), 'counts'] as const,
  /** Who may be mentioned in the config's comments. */
  mentionable: (configId: number | string) => ['configs', 'review', String(configId), 'mentionable'] as const,
};
