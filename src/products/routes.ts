import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import products from '.';

/** Products: the list, a new product, a product's edit form. */
export default defineArea({
  routes: [
    auth('Products', '/products', 'routes.products', perm(P.viewProducts), link('products', 'menu.products', 'main', 50)),
    auth('Product Edit', '/products/edit/:id', 'routes.productEdit', perm(P.createProducts)),
    auth('Product Create', '/products/create', 'routes.productCreate', perm(P.createProducts)),
  ],
  pages: { Products: products.list, 'Product Create': products.create, 'Product Edit': products.edit },
  resources: { products },
  next: { Products: ['Product Edit'] },
});
