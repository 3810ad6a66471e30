import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screens load when first opened: the sign-in page carries none of them.
const UserList = lazyPage(() => import('./UserList'));
// Create brings the profile's code with it: Save then shows the profile at once, instead of
// leaving the create form on screen (and typeable) while that code loads.
const UserCreate = lazyPage(() => Promise.all([import('./UserCreate'), import('./UserEdit')]).then(([screen]) => screen));
const UserEdit = lazyPage(() => import('./UserEdit'));

/**
 * The users resource, spread into `<Resource name="users" {...users} />`. The spec's paths
 * (`/users`, `/users/create`, `/users/profile/{id}`) show these screens through their guarded named
 * routes (routing/routeElements.tsx); the profile is open to any signed-in user for their own account.
 */
const users = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.email ?? ''),
};
export default users;
