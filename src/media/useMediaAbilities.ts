import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';

/**
 * What the signed-in user may do with media (spec section 6); the server checks the same. Staff
 * who see every company may delete any file; others only their own company's (not the shared ones).
 */
export function useMediaAbilities(): { upload: boolean; viewAll: boolean } {
  const { user } = useSession();
  return { upload: hasPermission(user, 'upload media'), viewAll: hasPermission(user, ['view companies', 'manage configs']) };
}
