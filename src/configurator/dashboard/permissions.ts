import { hasPermission, PERMISSIONS } from '../../auth/permissions';
import { useSession } from '../../session/useSession';

/** What the signed-in user may do on the configurator pages (spec section 6; the server checks again). */
export interface ConfigAbilities {
  /** Create configs (and archive them). */
  create: boolean;
  /** Manage configs: add/remove stages, delete, internal stages. */
  manage: boolean;
  /** Sees every company (staff): picks the company of a new config. */
  anyCompany: boolean;
}

export function useConfigAbilities(): ConfigAbilities {
  const { user } = useSession();
  const manage = hasPermission(user, PERMISSIONS.manageConfigs);
  return {
    create: manage || hasPermission(user, PERMISSIONS.createConfigs),
    manage,
    anyCompany: manage || hasPermission(user, PERMISSIONS.viewCompanies),
  };
}
