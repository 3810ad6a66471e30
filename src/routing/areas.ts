import agreements from '../agreements/routes';
import audit from '../audit/routes';
import categories from '../categories/routes';
import configAdmin from '../config-admin/routes';
import configurator from '../configurator/routes';
import companies from '../companies/routes';
import home from '../home/routes';
import media from '../media/routes';
import migration from '../migration/routes';
import notifications from '../notifications/routes';
import pages from '../pages/routes';
import products from '../products/routes';
import reports from '../reports/routes';
import roles from '../roles/routes';
import showcases from '../showcases/routes';
import tasks from '../tasks/routes';
import tracker from '../tracker/routes';
import users from '../users/routes';
import { fillPath, type RouteDef } from './define';

/**
 * The route table: every area's routes, pages and resources (each area's `routes.ts`, see
 * routing/define.ts `Area`), one line per area. A new area adds its folder and one line here.
 */
export const AREAS = [pages, home, showcases, users, agreements, companies, configurator, media, products, categories, roles, tasks, tracker, reports, configAdmin, migration, notifications, audit] as const;

/** The name of every route: pages, preloads and links name routes by it (a typo does not compile). */
export type RouteName = (typeof AREAS)[number]['routes'][number]['name'];

/** Every route of spec section 2, as the areas give them. */
export const ROUTES: readonly RouteDef<RouteName>[] = AREAS.flatMap((area) => area.routes as readonly RouteDef<RouteName>[]);

const byName = new Map<string, RouteDef<RouteName>>(ROUTES.map((route) => [route.name, route]));

/** The route of a name (throws on a typo, so a wrong name fails in tests, not in production). */
export function routeByName(name: RouteName): RouteDef<RouteName> {
  const route = byName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/**
 * The path of a named route with its params filled in.
 *
 * @example pathFor('Company Dashboard', { id: 7 }) // '/dashboard/7'
 */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  return fillPath(routeByName(name).path, params);
}
