/** react-query keys of the users screens' own reads (the rule: the API resource first, see src/data/queryKeys.ts). */
export const userKeys = {
  /** GET /roles as the form's role choices. */
  roleChoices: () => ['roles', 'choices'] as const,
};
