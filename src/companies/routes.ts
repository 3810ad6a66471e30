import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm } from '../routing/define';
import companies from '.';

/** Companies: the list, a new company, a company's profile. */
export default defineArea({
  routes: [
    auth('Companies', '/companies', 'routes.companies', perm(P.viewCompanies), link('companies-all', 'menu.all', 'companies', 1)),
    auth('Company Profile', '/companies/profile/:id', 'routes.companyProfile', perm(P.viewCompanies)),
    auth('Company Create', '/companies/create', 'routes.companyCreate', perm(P.createCompanies), link('companies-create', 'menu.create', 'companies', 2)),
  ],
  pages: { Companies: companies.list, 'Company Create': companies.create, 'Company Profile': companies.edit },
  resources: { companies },
  // Back from a profile to the list is the move staff make most (issue 59).
  keep: ['Companies'],
  next: { Companies: ['Company Profile'], 'Company Create': ['Company Profile'] },
  // The profile's record, read as the guard starts the page (not in this chunk: imported when asked).
  prefetch: { 'Company Profile': (_search, path) => import('../data/prefetchRecord').then((m) => m.prefetchRecord('companies', path.split('/').pop() ?? '')) },
});
