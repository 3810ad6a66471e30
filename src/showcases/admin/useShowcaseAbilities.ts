import { hasPermission, PERMISSIONS } from '../../auth/permissions';
import { useSession } from '../../session/useSession';

/** What the signed-in user may do with showcase posts (spec section 6); the server checks the same. */
export function useShowcaseAbilities(): { create: boolean; edit: boolean } {
  const { user } = useSession();
  return { create: hasPermission(user, PERMISSIONS.createPosts), edit: hasPermission(user, PERMISSIONS.editPosts) };
}
