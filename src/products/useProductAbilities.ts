import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';

/**
 * What the signed-in user may do with products (spec section 6); the server checks the same.
 * `wholeCatalogue`: staff, who read every region's and dealer type's products (the server's rule in
 * server/products/products.catalogue.ts); a dealer reads only their company's, so the region and
 * type columns and filters would tell them nothing.
 */
export function useProductAbilities(): { manage: boolean; wholeCatalogue: boolean } {
  const { user } = useSession();
  const manage = hasPermission(user, 'create products');
  return { manage, wholeCatalogue: manage || hasPermission(user, 'view companies') || hasPermission(user, 'manage configs') };
}
