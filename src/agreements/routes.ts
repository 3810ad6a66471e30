import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm } from '../routing/define';
import agreements from './list';

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
  next: { Agreements: ['Agreement Edit', 'Agreement'] },
});
