import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm } from '../routing/define';

/** Importing a legacy config file. */
export default defineArea({
  // In the sidebar after the configurator, for those who may import ('manage configs').
  routes: [auth('Migration', '/migration', 'routes.migration', perm(P.manageConfigs), link('migration', 'menu.migration', 'main', 35))],
  pages: { Migration: lazyPage(() => import('./MigrationPage'), ['migration']) },
});
