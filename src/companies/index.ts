import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const CompanyList = lazyPage(() => import('./CompanyList'));
// Create brings the profile's code with it: Save then shows the profile at once, instead of
// leaving the create form on screen (and typeable) while that code loads.
const CompanyCreate = lazyPage(() => Promise.all([import('./CompanyCreate'), import('./CompanyEdit')]).then(([screen]) => screen));
const CompanyEdit = lazyPage(() => import('./CompanyEdit'));

/**
 * The companies resource, spread into `<Resource name="companies" {...companies} />` as react-admin's
 * demo does. The spec's paths (`/companies`, `/companies/create`, `/companies/profile/{id}`) show the
 * same screens through their guarded named routes (routing/routeElements.tsx).
 */
const companies = {
  list: CompanyList,
  create: CompanyCreate,
  edit: CompanyEdit,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default companies;

