import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import internalPageLayouts from './layouts';
import stages from './stages';

/** The configurator's admin: internal page layouts and the stage catalogue (its editor). */
export default defineArea({
  routes: [
    auth('Internal Page Layouts', '/backend/config-admin/internal-page-layouts', 'routes.internalPageLayouts', perm(P.editAdminConfigs), link('config-admin-layouts', 'menu.internalPageLayouts', 'config-admin', 1)),
    // Issue 31: staff edit the configurator's stage files (versions, drafts, publish).
    auth('Stage Catalogue', '/backend/config-admin/stages', 'routes.stageCatalogue', perm(P.editAdminConfigs), link('config-admin-stages', 'menu.stageCatalogue', 'config-admin', 2)),
    auth('Stage Catalogue Edit', '/backend/config-admin/stages/:slug', 'routes.stageCatalogueEdit', perm(P.editAdminConfigs)),
  ],
  pages: { 'Internal Page Layouts': internalPageLayouts.list, 'Stage Catalogue': stages.list, 'Stage Catalogue Edit': stages.edit },
  resources: { adminconfigs: internalPageLayouts },
});
