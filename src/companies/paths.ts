import type { Identifier } from 'react-admin';

/** The spec's profile path of a company (spec section 2: /companies/profile/{id}). */
export const profilePath = (id: Identifier) => `/companies/profile/${encodeURIComponent(String(id))}`;
