import type { Identifier } from 'react-admin';

/** The staff paths of spec section 2: /backend/showcases, create, edit/{id}. */
export const LIST_PATH = '/backend/showcases';
export const CREATE_PATH = '/backend/showcases/create';
export const editPath = (id: Identifier) => `/backend/showcases/edit/${encodeURIComponent(String(id))}`;
