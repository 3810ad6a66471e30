import { type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceProps } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { session } from '../session/session';
import { prefetchReports } from '../reports/useReports';
import { keyedByRecord } from './keyedByRecord';
import { PAGES as LAZY_PAGES, RESOURCES } from './pages';
import { pathOf, routeAt, searchOf } from './routeAt';
import { RouteGuard, type Prefetch, type Preload } from './RouteGuard';
import { ROUTES, type RouteName } from './routes';

/** `/configurator/{id}` redirects to that config's dashboard (spec section 2). */
function ConfigRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/configurator/${encodeURIComponent(id)}/dashboard`} replace />;
}

/** `/roles-permissions` opens its one page, the roles (spec section 2: "/roles-permissions: roles"). */
function RolesRedirect() {
  return <Navigate to="/roles-permissions/roles" replace />;
}

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/** Every named route's page: pages.ts's and the two redirects. */
const PAGES: Record<RouteName, Page> = { ...LAZY_PAGES, 'Config Redirect': ConfigRedirect, 'Roles & Permissions Redirect': RolesRedirect };

/**
 * Pages that follow a change of their parameters in place instead of starting again: the showcase
 * media page steps through one post's images (it shows, never edits, and a remount would load
 * the post again at every step). Every other page is mounted anew per record (keyedByRecord).
 */
const STEPS_IN_PLACE: ReadonlySet<RouteName> = new Set<RouteName>(['Showcase Media']);

/**
 * Data a route's page reads first, asked for without side effects and without waiting for the
 * page: on a first visit at the address the app opens on, before its code and texts
 * (`prefetchPageDataAt`), and on a navigation by the route's guard, which does not wait for it (a
 * PRELOADS entry would hold the page back a render pass). The search is the address's.
 */
const PREFETCHES: Partial<Record<RouteName, (search: string, path: string) => Promise<unknown>>> = {
  'Projects Reports': prefetchReports,
  'Config Stage': prefetchStageValidators,
  'Config Internal Stage': prefetchStageValidators,
};

/**
 * A stage page's validators (a chunk per stage, engine/README.md), asked for beside the page's code
 * rather than once the page has mounted, a round trip later. The engine comes by dynamic import:
 * the app's own chunk does not carry it.
 */
function prefetchStageValidators(_search: string, path: string): Promise<unknown> {
  const slug = decodeURIComponent(path.split('/').pop() ?? '');
  return import('../../engine').then(({ hasStage, loadStageValidators, stageValidatorsNeeded }) => (hasStage(slug) ? loadStageValidators(stageValidatorsNeeded(slug)) : undefined));
}

/** What a route loads before showing; a 403/404 stops the navigation (spec section 2). */
const PRELOADS: Partial<Record<RouteName, Preload>> = {
  // Company dashboard: that company becomes the active one.
  'Company Dashboard': ({ id }) => session.loadCompany(Number(id)),
  // Dashboard without an id: the active company is cleared (spec section 2).
  Dashboard: async () => {
    if (session.activeCompanyId()) await session.clearActiveCompany();
  },
};

/** Each route's PREFETCHES entry as the guard starts it on a navigation (the address's search). */
const GUARD_PREFETCHES: Partial<Record<RouteName, Prefetch>> = Object.fromEntries(
  Object.entries(PREFETCHES).map(([name, prefetch]) => [name, () => void prefetch(searchOf(window.location.hash), pathOf(window.location.hash)).catch(() => {})]),
);

/**
 * Asks for the first data of the page of `hash` (the address the app opens on, PREFETCHES), before
 * anything else the page needs: an API answer takes the server longest, and on HTTP/1.1's six
 * connections a request sent after the page's code and texts waits for them. A session known at
 * once (kept in this tab) asks now; otherwise once `sessionChecked` finds the user signed in.
 */
export function prefetchPageDataAt(hash: string, sessionChecked: Promise<unknown>): void {
  const name = routeAt(hash);
  const prefetch = name && PREFETCHES[name];
  if (!prefetch) return;
  // Signed out, the guard sends the user to Login: nothing to ask for (and a 401 would be noise).
  const ask = () => session.getState().status === 'authenticated' && void prefetch(searchOf(hash), pathOf(hash)).catch(() => {});
  if (session.getState().status === 'authenticated') ask();
  else void sessionChecked.then(ask).catch(() => {});
}

/** Every route of spec section 2 as a react-router `<Route>`, each behind the route guard. */
export const appRoutes = [
  <Route key="/" path="/" element={<Navigate to="/login" replace />} />,
  ...ROUTES.map((route) => {
    const shown = PAGES[route.name];
    const Page = STEPS_IN_PLACE.has(route.name) ? shown : keyedByRecord(shown);
    return (
      <Route
        key={route.name}
        path={route.path}
        element={
          <RouteGuard key={route.name} route={route} preload={PRELOADS[route.name]} prefetch={GUARD_PREFETCHES[route.name]}>
            <Page />
          </RouteGuard>
        }
      />
    );
  }),
];

/**
 * A screen's own address: react-admin's path of a screen (`/companies/{id}`, `/projects`) sends the
 * visitor to the named route that shows the same screen (`/companies/profile/{id}`, `/tracker/all`),
 * the address, title, guard and sidebar entry every link of the app uses. Reached from a bookmark
 * or one of react-admin's own links, the screen had no heading and no route guard there.
 */
function toNamedRoute(path: string): ComponentType {
  function ToNamedRoute() {
    const params = useParams();
    const { search } = useLocation();
    // react-admin names the record `id`; a named route may call it otherwise (`:slug`).
    const pathname = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? params.id ?? ''));
    return <Navigate to={{ pathname, search }} replace />;
  }
  return ToNamedRoute;
}

/** The path of the named route whose page is `screen`, if one is. */
const namedPathOf = (screen: ComponentType) => ROUTES.find((route) => PAGES[route.name] === screen)?.path;

/**
 * react-admin's resources (`<Resource name=... {...descriptor} />` in App.tsx), the descriptors the
 * named routes above show. On react-admin's own paths a screen with a named route redirects there
 * (the named routes' paths win where they are the same); an edit screen without one is mounted
 * anew per record (keyedByRecord.tsx: a form must never keep one record's values while another
 * record's id is shown, issue 23). The key is the API resource.
 */
export const appResources: ResourceProps[] = Object.entries(RESOURCES).map(([name, descriptor]) => {
  const screens = descriptor as { list?: ComponentType; create?: ComponentType; edit?: ComponentType };
  const routed = Object.fromEntries(
    (['list', 'create', 'edit'] as const)
      .filter((kind) => screens[kind])
      .map((kind) => {
        const screen = screens[kind]!;
        const named = namedPathOf(screen);
        return [kind, named ? toNamedRoute(named) : kind === 'edit' ? keyedByRecord(screen) : screen];
      }),
  );
  return { ...descriptor, name, ...routed };
});
