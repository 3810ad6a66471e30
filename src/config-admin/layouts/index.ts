import type { RaRecord } from 'react-admin';
import { lazyPage } from '../../routing/lazyPage';

// Its texts, and the task screens' sortable table's ("move to position").
const LayoutsPage = lazyPage(() => import('./LayoutsPage'), ['configAdmin', 'tasks']);

/**
 * The configurator admin's internal page layouts (`adminconfigs` on the API), shown at
 * `/backend/config-admin/internal-page-layouts` (routing/pages.ts): one screen with the list, the
 * create / edit dialog and applying a layout to a config.
 */
const internalPageLayouts = {
  list: LayoutsPage,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default internalPageLayouts;
