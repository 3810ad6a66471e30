import InventoryIcon from '@mui/icons-material/Inventory2';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const ProductList = lazy(() => import('./ProductList'));
const ProductCreate = lazy(() => import('./ProductCreate'));
const ProductEdit = lazy(() => import('./ProductEdit'));

/**
 * The products resource, spread into `<Resource name="products" {...products} />`. The spec's paths
 * (`/products`, `/products/create`, `/products/edit/{id}`) show these screens through their guarded
 * named routes (routing/routeElements.tsx).
 */
const products = {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: InventoryIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default products;
