import { Activity, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NavigationType, UNSAFE_LocationContext, UNSAFE_RouteContext, useLocation, type Location } from 'react-router-dom';
import { KEPT } from './pages';
import { routeAt } from './routeAt';

/**
 * Keeps the last screen of a kept route (the areas' `keep`: the companies list) mounted while
 * another screen is open, so Back to it shows it at once, as it was left: filters, rows, scroll
 * (issue 59: Back to the list rendered the list and its 25 rows of MUI cells anew, 130-150 ms).
 *
 * `children` is react-admin's `<Routes>` (the layout's children), rendered a second time for the
 * kept screen's own address, inside React's `<Activity>`, which hides it and stops its effects (no
 * refetch, no subscriptions) while it is not shown, and runs them again when it is, so the list
 * refreshes on the way back. It renders into a container of its own (a portal), put in place while
 * the screen is shown and taken out of the document while it is not: a hidden screen has no place
 * in the page at all, for screen readers, "find in page", tests and the ids its fields use. Every
 * other screen renders in place as before.
 */
export function KeepScreens({ children }: { children: ReactNode }) {
  const location = useLocation();
  const here = isKept(location.pathname);
  const [kept, setKept] = useState<Location | null>(null);
  // The kept screen's address follows the address while it is shown (a filter, a page, a sort).
  // Back to the same address keeps the same location: the kept screen is only shown again.
  const same = kept !== null && kept.pathname === location.pathname && kept.search === location.search;
  if (here && !same) setKept(location);
  const at = here && !same ? location : kept;
  // The router's contexts as they were at the kept address, fixed: every navigation elsewhere gives
  // the router's hooks new values (the location, the parent route's match), and each component of
  // the hidden list that reads them (links, react-admin's list, its rows) would render again,
  // hidden, and that pending work would be done as it is shown: the 130 ms Back was meant to save.
  const route = useContext(UNSAFE_RouteContext);
  const frozen = useMemo(
    () => (at ? { route, location: { location: at, navigationType: NavigationType.Pop } } : null),
    // The parent route's match is taken as the kept address is set, on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [at],
  );
  // The routes element as it was at the kept address: react-admin makes a new one on every
  // navigation (its route table re-renders with the location), and a new element would render the
  // whole kept screen again too. The table itself does not change once the app has started.
  const keptRoutes = useMemo(
    () => children,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [at],
  );
  const [container] = useState(() => document.createElement('div'));
  // In place before the kept screen's own layout effects run (the slot is its earlier sibling), so
  // what they measure is laid out; out of the document as the slot goes.
  const slot = useCallback(
    (element: HTMLDivElement | null) => {
      if (element) element.appendChild(container);
      else container.remove();
    },
    [container],
  );
  if (!frozen) return children;
  return (
    <>
      {here ? <div ref={slot} data-kept-screen="" /> : children}
      {createPortal(
        <Activity mode={here ? 'visible' : 'hidden'}>
          <UNSAFE_RouteContext.Provider value={frozen.route}>
            <UNSAFE_LocationContext.Provider value={frozen.location}>{keptRoutes}</UNSAFE_LocationContext.Provider>
          </UNSAFE_RouteContext.Provider>
        </Activity>,
        container,
      )}
    </>
  );
}

/** Whether the screen at `path` is kept. Matching the route table is cheap (a few µs): no memo, which would grow with every address a tab visits. */
function isKept(path: string): boolean {
  const name = routeAt(path);
  return name !== undefined && KEPT.has(name);
}
