import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, perm } from '../routing/define';

/** Importing a legacy config file. */
export default defineArea({
  routes: [auth('Migration', '/migration', 'routes.migration', perm(P.manageConfigs))],
  pages: { Migration: lazyPage(() => import('./MigrationPage'), ['migration']) },
});
