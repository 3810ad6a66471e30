import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { countOnConsent, pageView } from '../analytics/pageViews';
import { LoadingThenOverlay } from '../layout/LoadingThenOverlay';
import { OverlayWhileMounted } from '../layout/PageOverlay';
import { session } from '../session/session';
import { writeActiveCompanyId } from '../session/storage';
import { useSession } from '../session/useSession';
import { CurrentRouteContext } from './currentRoute';
import { decideRoute } from './guard';
import { preloadNextOf } from './intent';
import { RedirectWhileHere } from './RedirectWhileHere';
import type { ArrivalState } from './arrival';
import { showOverlay } from './overlay';
import { isMissing, useStopNavigation } from './stopNavigation';
import type { RouteName } from './areas';
import type { Preload, RouteDef } from './define';

/** Asks for a route's first data without holding the page back (the page shows its own loading). */
export type StartPrefetch = () => void;

/**
 * The route guard of spec section 2 around one route: waits for the session check, applies the
 * pure decision of guard.ts (redirects, company loading), runs the route's preload under the
 * page overlay (403/404 -> back where the user came from) or starts its prefetch (not waited for:
 * the page renders in the same pass, while its lazy code may still be loading), and sets the page
 * title.
 */
export function RouteGuard({ route, preload, prefetch, children }: { route: RouteDef; preload?: Preload; prefetch?: StartPrefetch; children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  const params = useParams();
  const stopNavigation = useStopNavigation();
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(!preload);

  const decision =
    state.status === 'checking'
      ? null
      : decideRoute({
          route,
          fullPath: location.pathname + location.search,
          session: { authenticated: state.status === 'authenticated', user: state.user, company: state.company, activeCompanyId: session.activeCompanyId() },
          from: (location.state as ArrivalState | null)?.from ?? null,
        });
  const allowed = decision?.kind === 'allow';
  const loadCompanyId = decision?.kind === 'allow' ? decision.loadCompanyId : undefined;
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    if (!allowed) return;
    document.title = `${t('app.name')} | ${t(route.title)}`;
  }, [allowed, route, t]);
  // Analytics (with the visitor's consent, when configured): the route's pattern, never the address.
  useEffect(() => {
    if (!allowed) return;
    pageView(route.path);
    return countOnConsent(() => route.path);
  }, [allowed, route]);

  useEffect(() => {
    if (!loadCompanyId) return;
    // A company that cannot be loaded (gone, no access) must not be retried on every page.
    session.loadCompany(loadCompanyId).catch(() => writeActiveCompanyId(null));
  }, [loadCompanyId]);

  useEffect(() => {
    if (allowed && prefetch) prefetch();
  }, [allowed, prefetch, paramsKey]);

  // The screens people open next from here: their code while this one is read (routing/intent.ts).
  useEffect(() => {
    if (allowed && loaded) preloadNextOf(route.name as RouteName);
  }, [allowed, loaded, route]);

  useEffect(() => {
    if (!allowed || !preload) return;
    let live = true;
    const hide = showOverlay();
    setLoaded(false);
    preload(JSON.parse(paramsKey) as Record<string, string>)
      .then(() => live && setLoaded(true))
      .catch((error: unknown) => {
        if (!live) return;
        if (isMissing(error)) {
          stopNavigation(error);
          return;
        }
        setLoaded(true);
      })
      .finally(hide);
    return () => {
      live = false;
      hide();
    };
    // stopNavigation changes with the language; re-running on it would reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, preload, paramsKey]);

  if (!decision) return <OverlayWhileMounted />;
  if (decision.kind === 'redirect') return <RedirectWhileHere to={decision.to} from={route.name} />;
  if (!loaded) return null;
  // The page's own Suspense boundary lets the guard commit (the title) while a lazy page loads: a
  // loading bar in its place, the overlay only for a slow load (LoadingThenOverlay).
  return (
    <CurrentRouteContext.Provider value={route}>
      <Suspense fallback={<LoadingThenOverlay />}>{children}</Suspense>
    </CurrentRouteContext.Provider>
  );
}
