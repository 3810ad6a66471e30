import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const CategoryList = lazyPage(() => import('./CategoryList'));
const TermList = lazyPage(() => import('./TermList'));

/**
 * Categories, spread into `<Resource name="taxonomies" {...categories} />`: the taxonomies with
 * their term counts (`/categories`). A taxonomy's terms (`/categories/{taxonomy}`) are `TermList`,
 * shown by its named route (routing/routeElements.tsx); adding and editing happen in a dialog there.
 */
const categories = {
  list: CategoryList,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default categories;
export { TermList };
