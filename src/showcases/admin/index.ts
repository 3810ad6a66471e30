import { lazyPage } from '../../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const ShowcaseList = lazyPage(() => import('./ShowcaseList'));
// Create brings the edit screen's code with it: Save then shows the edit page at once, instead of
// leaving the create form on screen (and typeable) while that code loads.
const ShowcaseCreate = lazyPage(() => Promise.all([import('./ShowcaseCreate'), import('./ShowcaseEdit')]).then(([screen]) => screen));
const ShowcaseEdit = lazyPage(() => import('./ShowcaseEdit'));

/**
 * The showcase posts resource, spread into `<Resource name="posts" {...showcases} />`. The spec's
 * paths (`/backend/showcases`, `/backend/showcases/create`, `/backend/showcases/edit/{id}`) show
 * these screens through their guarded named routes (routing/routeElements.tsx).
 */
const showcases = {
  list: ShowcaseList,
  create: ShowcaseCreate,
  edit: ShowcaseEdit,
  recordRepresentation: (record: RaRecord) => String(record.post_title ?? ''),
};
export default showcases;
