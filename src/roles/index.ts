import { lazyPage } from '../routing/lazyPage';
import type { RaRecord } from 'react-admin';

// The screen loads when first opened: the sign-in page carries none of it.
const RolesGrid = lazyPage(() => import('./RolesGrid'));

/**
 * Roles & permissions, spread into `<Resource name="roles" {...roles} />`: one page, the role x
 * permission grid (`/roles-permissions/roles`), with a create-role dialog. Roles and permissions
 * come through the data provider's named methods (GET /roles and /permissions are plain lists).
 */
const roles = {
  list: RolesGrid,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default roles;
