import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import categories, { TermList } from '.';

/** Categories (taxonomies) and one taxonomy's terms. */
export default defineArea({
  routes: [
    auth('Categories', '/categories', 'routes.categories', perm(P.manageCategories), link('categories', 'menu.categories', 'admin', 30)),
    auth('Taxonomies', '/categories/:taxonomy', 'routes.taxonomies', perm(P.manageCategories)),
  ],
  pages: { Categories: categories.list, Taxonomies: TermList },
});
