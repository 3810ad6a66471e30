import type { Identifier } from 'react-admin';

/** The spec's edit path of a product (spec section 2: /products/edit/{id}). */
export const editPath = (id: Identifier) => `/products/edit/${encodeURIComponent(String(id))}`;
