import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { type Permission, type Requirement } from '../auth/permissions';

/** The sidebar's groups of links; layout/menuItems.ts gives each its label, section and requirement. */
export type MenuGroup = 'companies' | 'media' | 'tracker' | 'projects' | 'users' | 'showcase-admin' | 'tasks' | 'config-admin';

/**
 * Where a route's link sits in the sidebar (layout/menuItems.ts builds the menu from these): in a
 * section (`main`, `admin`) or one of its groups, at `rank` among its neighbours (smaller first).
 * The link's path and requirement are the route's own.
 */
export interface MenuPlacement {
  /** The item's key (the sidebar's test id is `menu-{key}`). */
  key: string;
  /** The link's common.json key (`menu.*`). */
  label: string;
  in: 'main' | 'admin' | MenuGroup;
  rank: number;
  /** The path's `:id` is the signed-in user's id (your own profile). */
  mine?: boolean;
}

/**
 * One route of spec section 2: its name (the spec's named routes), hash path, the common.json key of
 * its title, whether it needs a session, what permission or role it needs, and its sidebar link.
 * Pure data: the guard, the sidebar (layout/menuItems.ts) and the tests read it. A route that only
 * sends the visitor on names where (`redirectTo`, its `:params` filled from the address).
 */
export interface RouteDef<N extends string = string> {
  name: N;
  path: string;
  title: string;
  auth: boolean;
  requires?: Requirement;
  menu?: MenuPlacement;
  redirectTo?: string;
}

/** Loads what a route needs before it shows; a 403 or 404 here stops the navigation (RouteGuard.tsx). */
export type Preload = (params: Record<string, string | undefined>) => Promise<unknown>;

/** Asks for the first data of a route's page from the address's search and path, without side effects. */
export type Prefetch = (search: string, path: string) => Promise<unknown>;

/** react-admin's screens of one API resource (`<Resource name=... {...descriptor} />`). */
export interface ResourceScreens {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

/** A route for everyone, signed in or not. */
export const pub = <N extends string>(name: N, path: string, title: string): RouteDef<N> => ({ name, path, title, auth: false });
/** A route that needs a session, and maybe a permission; with its sidebar link when it has one. */
export const auth = <N extends string>(name: N, path: string, title: string, requires?: Requirement, menu?: MenuPlacement): RouteDef<N> => ({ name, path, title, auth: true, requires, menu });
/** A signed-in route that only sends the visitor on to `to` (`:params` as in its own path). */
export const redirect = <N extends string>(name: N, path: string, title: string, to: string, requires?: Requirement): RouteDef<N> & { redirectTo: string } => ({
  name, path, title, auth: true, requires, redirectTo: to,
});
export const perm = (permission: Permission): Requirement => ({ permission });
export const link = (key: string, label: string, at: MenuPlacement['in'], rank: number, extra: Partial<MenuPlacement> = {}): MenuPlacement => ({ key, label, in: at, rank, ...extra });

/**
 * A path with its `:params` filled in (an optional one left out when not given).
 *
 * @example fillPath('/configurator/:id/dashboard', { id: 7 }) // '/configurator/7/dashboard'
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  return path.replace(/:(\w+)\??/g, (_, key: string) => (params[key] === undefined ? '' : encodeURIComponent(String(params[key])))).replace(/\/+$/, '') || '/';
}

/** The names of the routes that show a page (not the redirects). */
type PageName<R> = R extends { redirectTo: string } ? never : R extends RouteDef<infer N> ? N : never;

/**
 * What an area gives the route table (routing/areas.ts): its named routes, the page of each (a
 * missing or unknown one does not compile), its react-admin resources by API name, and what a
 * route loads first (`preload`, waited for under the overlay; `prefetch`, not waited for).
 * `inPlace`: pages that follow a change of their parameters instead of being mounted anew per
 * record (routing/keyedByRecord.tsx). `next`: the screens usually opened from a route's page. Keep it light: the table is in the app's first chunk, so
 * pages are lazy (routing/lazyPage.ts) and a prefetch imports its code when called.
 */
export interface Area<R extends RouteDef = RouteDef> {
  routes: readonly R[];
  pages: Record<PageName<R>, ComponentType>;
  resources?: Readonly<Record<string, ResourceScreens>>;
  preload?: Partial<Record<R['name'], Preload>>;
  prefetch?: Partial<Record<R['name'], Prefetch>>;
  inPlace?: readonly R['name'][];
  /**
   * Where people go next from a route's page (issue 59): their code and texts load once the page
   * is shown and the browser is idle, so the first opening of the next screen finds them here.
   */
  next?: Partial<Record<R['name'], readonly R['name'][]>>;
  /**
   * Screens people come back to with Back all day (a list they open records from): the last one
   * shown stays mounted, hidden, while another screen is open, so coming back shows it at once with
   * its filters, rows and scroll, and then refreshes it (routing/KeepScreens.tsx, issue 59).
   */
  keep?: readonly R['name'][];
}

/** An area's routes and pages, checked against each other (see Area). */
export function defineArea<const R extends RouteDef>(area: Area<R>): Area<R> {
  return area;
}
