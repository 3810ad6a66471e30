import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm, type Prefetch } from '../routing/define';
import agreements from './list';

/** The agreement of the address (`/agreements/{id}/...`), read as its screen's code loads. */
const prefetchAgreement: Prefetch = (_search, path) => import('./readAhead').then((m) => m.prefetchAgreement(path.split('/')[2] ?? ''));

/** Agreements: the list (and create), an agreement's edit form and its preview (sign there). */
export default defineArea({
  routes: [
    auth('Agreements', '/agreements', 'routes.agreements', perm(P.viewAgreements), link('agreements', 'menu.agreements', 'main', 40)),
    auth('Agreement Edit', '/agreements/:id/edit', 'routes.agreementEdit', perm(P.editAgreements)),
    auth('Agreement', '/agreements/:id/preview', 'routes.agreement', perm(P.viewAgreements)),
  ],
  pages: {
    Agreements: agreements.list,
    'Agreement Edit': lazyPage(() => import('./AgreementEditPage')),
    Agreement: lazyPage(() => import('./AgreementPreviewPage')),
  },
  resources: { agreements },
  prefetch: { 'Agreement Edit': prefetchAgreement, Agreement: prefetchAgreement },
  // Back from an agreement back to the list: shown as it was left, filters and scroll (routing/KeepScreens.tsx, issue 59).
  keep: ['Agreements'],
  next: { Agreements: ['Agreement Edit', 'Agreement'] },
});
