import type { Identifier } from 'react-admin';

/** The spec's profile path of a user (spec section 2: /users/profile/{id}). */
export const userProfilePath = (id: Identifier) => `/users/profile/${encodeURIComponent(String(id))}`;
