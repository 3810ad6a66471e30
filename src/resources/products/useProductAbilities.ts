import { hasPermission } from '../../auth/permissions';
import { useSession } from '../../session/useSession';

/** What the signed-in user may do with products (spec section 6); the server checks the same. */
export function useProductAbilities(): { manage: boolean } {
  const { user } = useSession();
  return { manage: hasPermission(user, 'create products') };
}
