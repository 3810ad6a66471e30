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
});
