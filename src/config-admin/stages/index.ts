import { lazyPage } from '../../routing/lazyPage';

// Their texts, and the configurator's (stage titles, sections, field labels in the preview).
const StagesPage = lazyPage(() => import('./StagesPage'), ['configAdmin', 'configurator']);
const StageEditPage = lazyPage(() => import('./StageEditPage'), ['configAdmin', 'configurator', 'validation']);

/**
 * The configurator's stage catalogue staff edit (issue 31, server/catalogue/README.md), shown at
 * `/backend/config-admin/stages` (the list) and `/backend/config-admin/stages/{slug}` (the editor:
 * JSON and structured modes, a live preview, draft, publish, versions, diff and rollback). Not a
 * react-admin resource: the API is not simple-rest (routing/pages.ts shows the screens).
 */
const stages = { list: StagesPage, edit: StageEditPage };
export default stages;
