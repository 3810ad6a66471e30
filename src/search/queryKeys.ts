/** react-query keys of the one search, the API resource first. */
export const searchKeys = {
  /** GET /search?q= (the text as sent: trimmed). */
  find: (q: string) => ['search', q] as const,
};
