import { lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createHashRouter, Navigate, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router-dom';
import { OverlayWhileMounted } from '../layout/PageOverlay';
import { PublicLayout } from '../layout/PublicLayout';
import { useTopOfNewScreen } from '../layout/useTopOfNewScreen';
import { whenIdle } from '../routing/idle';
import { keyedByRecord } from '../routing/keyedByRecord';
import type { LazyPage } from '../routing/lazyPage';
import { PUBLIC_PAGES, type PublicRouteName } from '../routing/publicPages';
import { RouteGuard } from '../routing/RouteGuard';
import { routeAt } from '../routing/routeAt';
import { ROUTES, type RouteName } from '../routing/areas';
import { session } from '../session/session';
import { useSession } from '../session/useSession';
import { openApp, useAppWanted } from './appShell';
import { SignedOutTheme } from './SignedOutTheme';

const queries = () => import('./PublicQueries');

/**
 * The page of a signed-out route inside react-query's provider, but Login's: its form sends without
 * it. The provider's chunk and the page's code are asked for together (not the page's once the
 * provider has come), and a page whose code is here already renders at once (routing/lazyPage.ts).
 */
function withQueries(name: PublicRouteName, page: ComponentType): ComponentType<{ children: ReactNode }> | null {
  if (name === 'Login') return null;
  const preload = (page as Partial<LazyPage>).preload;
  return lazy(() => Promise.all([queries(), preload?.()]).then(([module]) => module));
}

/** The signed-out pages, each behind the route guard as in the app; any other address opens the app. */
const ROUTE_ELEMENTS = [
  <Route key="/" path="/" element={<Navigate to="/login" replace />} />,
  ...ROUTES.filter((route) => route.name in PUBLIC_PAGES).map((route) => {
    const name = route.name as PublicRouteName;
    const Page = keyedByRecord(PUBLIC_PAGES[name]);
    const Queries = withQueries(name, PUBLIC_PAGES[name]);
    return (
      <Route
        key={route.name}
        path={route.path}
        element={
          <RouteGuard key={route.name} route={route}>
            {Queries ? (
              <Queries>
                <Page />
              </Queries>
            ) : (
              <Page />
            )}
          </RouteGuard>
        }
      />
    );
  }),
  <Route key="*" path="*" element={<OpenApp />} />,
];

/** Pages whose own flow moves on from a new session: the guard's landing after sign-in, Register's. */
const MOVE_ON_SIGNED_IN: ReadonlySet<string> = new Set<RouteName>(['Login', 'Register']);

/**
 * The app takes over at an address this shell does not have (the landing after signing in or
 * registering is one), and on any other page once the user is signed in (a session the check
 * found): the page then shows as the signed-in app shows it, top bar and all.
 */
function PublicRoutes() {
  const { status } = useSession();
  const { pathname } = useLocation();
  const signedInHere = status === 'authenticated' && !MOVE_ON_SIGNED_IN.has(routeAt(pathname) ?? '');
  const wanted = useAppWanted();
  if (signedInHere) openApp();
  if (wanted || signedInHere) return <OverlayWhileMounted />;
  return <Routes>{ROUTE_ELEMENTS}</Routes>;
}

/** An address the signed-out shell does not have: the app opens there. */
function OpenApp() {
  openApp();
  return <OverlayWhileMounted />;
}

/**
 * What the router adds to the signed-out frame: the links' and the session's moves go through its
 * navigate (routing/HashLink.tsx reads `session.navigate`, as the app's Bridges sets it), and a new
 * screen opens at its top.
 */
function RouterBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    session.navigate = (path) => void navigate(path);
  }, [navigate]);
  useTopOfNewScreen();
  return null;
}

/**
 * The routed signed-out shell: what a visitor needs for Register, the password pages, the policies
 * and Login once one of them has been open (MUI, react-router, i18next; react-query for the pages
 * that read data), without react-admin and the staff screens, which the signed-in app (App.tsx)
 * brings. A chunk of its own (shell/SignedOutShell.tsx): a first visit to Login is shown by the
 * router-free LoginShell. A data router, as react-admin's, for useBlocker.
 */
export function PublicApp() {
  const [router] = useState(() =>
    createHashRouter([
      {
        path: '*',
        element: (
          <>
            <RouterBridge />
            <PublicLayout>
              <PublicRoutes />
            </PublicLayout>
          </>
        ),
      },
    ]),
  );
  // react-query's chunk when idle, for the pages that read through it (Register, the password pages).
  useEffect(() => whenIdle(() => void queries().catch(() => {})), []);
  return (
    <SignedOutTheme>
      <RouterProvider router={router} />
    </SignedOutTheme>
  );
}
