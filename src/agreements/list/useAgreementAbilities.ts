import { hasPermission } from '../../auth/permissions';
import { useSession } from '../../session/useSession';

/** What the signed-in user may do with agreements (spec section 6); the server checks the same. */
export function useAgreementAbilities(): { edit: boolean } {
  const { user } = useSession();
  return { edit: hasPermission(user, 'edit agreements') };
}
