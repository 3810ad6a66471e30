import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';

/** What the signed-in user may do with users (spec section 6); the server checks the same. */
export function useUserAbilities(): { manage: boolean; list: boolean; me: number | undefined } {
  const { user } = useSession();
  return { manage: hasPermission(user, 'create users'), list: hasPermission(user, ['list users', 'create users']), me: user?.id };
}
