/**
 * The `"ui:field"` names of our layout fields. One list for the registry (theme.ts), the root Form's
 * data split (they read and write the store themselves) and the field template (they hold many
 * inputs, which must not share one MUI FormControl).
 * @example STORE_BACKED_FIELDS.includes('accordion') // true
 */
export const STORE_BACKED_FIELDS = ['table', 'tabs', 'accordion', 'portlets', 'openingHours'] as const;

export type StoreBackedField = (typeof STORE_BACKED_FIELDS)[number];
