import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';

/**
 * What the signed-in user may do with companies (spec section 6); the server checks the same.
 * 'create companies' is the one company-management permission: create, edit, delete, assign users.
 */
export function useCompanyAbilities(): { manage: boolean; viewAll: boolean } {
  const { user } = useSession();
  return { manage: hasPermission(user, 'create companies'), viewAll: hasPermission(user, ['view companies', 'manage configs']) };
}
