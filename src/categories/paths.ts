/** The spec's path of a taxonomy's terms (spec section 2: /categories/{taxonomy}). */
export const taxonomyPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;
/** The simple-rest resource of a taxonomy's terms: GET/POST /api/taxonomies/{slug}/terms, PUT/DELETE .../{id}. */
export const termsResource = (slug: string) => `taxonomies/${encodeURIComponent(slug)}/terms`;
