import { type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { session } from '../session/session';
import { ROUTES, type RouteName } from './areas';
import { keyedByRecord } from './keyedByRecord';
import { PAGES as LAZY_PAGES, PREFETCHES, PRELOADS, RESOURCES, STEPS_IN_PLACE } from './pages';
import { pathOf, routeAt, searchOf } from './routeAt';
import { RouteGuard, type StartPrefetch } from './RouteGuard';
import { fillPath } from './define';

/** A route that only sends the visitor on (`redirectTo`, its `:params` from the address). */
function redirectTo(to: string): ComponentType {
  function Redirect() {
    const params: Readonly<Record<string, string | undefined>> = useParams();
    return <Navigate to={fillPath(to, params)} replace />;
  }
  return Redirect;
}

/** Every named route's page: the areas' (pages.ts) and the redirects. */
const PAGES: Record<RouteName, ComponentType> = Object.fromEntries(
  ROUTES.map((route) => [route.name, route.redirectTo ? redirectTo(route.redirectTo) : LAZY_PAGES[route.name]!]),
) as Record<RouteName, ComponentType>;

/** Each route's PREFETCHES entry as the guard starts it on a navigation (the address's search). */
const GUARD_PREFETCHES: Partial<Record<RouteName, StartPrefetch>> = Object.fromEntries(
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
  const ask = () => void prefetch(searchOf(hash), pathOf(hash)).catch(() => {});
  // With a token in hand the read goes out now, beside the session's own read of the user (a new
  // tab of a signed-in browser), as a plain page would ask both (issue 59). Signed out, the guard
  // sends the user to Login: nothing to ask for (and a 401 would be noise).
  if (session.getState().status === 'authenticated' || session.tokenInHand()) ask();
  else void sessionChecked.then(() => session.getState().status === 'authenticated' && ask()).catch(() => {});
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
  const screens = descriptor;
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
