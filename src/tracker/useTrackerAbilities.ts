import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';

/** What the signed-in user may do in the tracker (server/projects/README.md); the server checks the same. */
export function useTrackerAbilities() {
  const { user } = useSession();
  const edit = hasPermission(user, 'edit projects');
  return {
    edit,
    create: hasPermission(user, 'create projects'),
    variations: edit || hasPermission(user, 'view project variations'),
    approve: hasPermission(user, 'approve project tasks') && Boolean(user?.foc_approver),
    // "Mark as master" rewrites every company's task templates: it also needs 'edit tasks'.
    markMaster: edit && hasPermission(user, 'edit tasks'),
    userId: user?.id ?? null,
  };
}
