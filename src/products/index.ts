import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const ProductList = lazyPage(() => import('./ProductList'));
// Create brings the profile's code with it: Save then shows the profile at once, instead of
// leaving the create form on screen (and typeable) while that code loads.
const ProductCreate = lazyPage(() => Promise.all([import('./ProductCreate'), import('./ProductEdit')]).then(([screen]) => screen));
const ProductEdit = lazyPage(() => import('./ProductEdit'));

/**
 * The products resource, spread into `<Resource name="products" {...products} />`. The spec's paths
 * (`/products`, `/products/create`, `/products/edit/{id}`) show these screens through their guarded
 * named routes (routing/routeElements.tsx).
 */
const products = {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default products;
