import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { countOnConsent, pageView } from '../analytics/pageViews';
import { OverlayWhileMounted } from '../layout/PageOverlay';
import { PublicLayout } from '../layout/PublicLayout';
import LoginPage from '../pages/auth/LoginPage';
import { routeByName } from '../routing/areas';
import { arrivalHistoryState } from '../routing/arrival';
import { CurrentRouteContext } from '../routing/currentRoute';
import { decideRoute } from '../routing/guard';
import { isLoginAt } from '../routing/publicPages';
import { pathOf, searchOf } from '../routing/routeAt';
import { session } from '../session/session';
import { useSession } from '../session/useSession';
import { openApp, useAppWanted } from './appShell';
import { SignedOutTheme } from './SignedOutTheme';

const LOGIN = routeByName('Login');

/**
 * The sign-in page of a first visit, without a router (issue 59: react-router was 27 KiB of the 186
 * the page received before its form): the signed-out frame and Login's page, behind the route
 * guard's part that Login needs, done here (RouteGuard.tsx needs the router). Its links change the
 * address (routing/HashLink.tsx through `session.navigate`); once the address is another signed-out
 * page, shell/SignedOutShell.tsx puts the routed shell (PublicApp.tsx) in its place, and at any other
 * address the app (`openApp`). `leaving`: the address has left Login and the next shell is loading.
 */
export function LoginShell({ leaving }: { leaving: boolean }) {
  // The bare address is Login's, as the routed shell's `/` route says: `#/login` in its place.
  useLayoutEffect(() => {
    if (pathOf(window.location.hash) === '/') history.replaceState(history.state, '', '#/login');
  }, []);
  return (
    <SignedOutTheme>
      <PublicLayout>{leaving ? <OverlayWhileMounted /> : <LoginGuard />}</PublicLayout>
    </SignedOutTheme>
  );
}

/**
 * What the route guard does on Login (routing/RouteGuard.tsx, guard.ts's decision): the overlay
 * while the session check runs, the page's title and page view, and once signed in (this form, or
 * a session the check found) the landing: the `redirect` parameter made safe, else the dashboard,
 * reached as the guard's redirect reaches it (replacing Login, arriving "from Login": a company's
 * stage may send the dashboard on), by the app, which takes over there.
 */
function LoginGuard() {
  const state = useSession();
  const wanted = useAppWanted();
  const { t } = useTranslation('signIn');
  const hash = window.location.hash;
  const search = searchOf(hash);
  const decision =
    state.status === 'checking'
      ? null
      : decideRoute({
          route: LOGIN,
          fullPath: `${pathOf(hash)}${search ? `?${search}` : ''}`,
          session: { authenticated: state.status === 'authenticated', user: state.user, company: state.company, activeCompanyId: session.activeCompanyId() },
        });
  const allowed = decision?.kind === 'allow';
  const landing = decision?.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (!allowed) return;
    document.title = `${t('app.name')} | ${t(LOGIN.title)}`;
  }, [allowed, t]);
  // Analytics (with the visitor's consent, when configured): the route's pattern, never the address.
  useEffect(() => {
    if (!allowed) return;
    pageView(LOGIN.path);
    return countOnConsent(() => LOGIN.path);
  }, [allowed]);

  useEffect(() => {
    // Only while the address is still Login's (RedirectWhileHere.tsx says why); a move meanwhile is
    // the shell's to follow.
    if (!landing || !isLoginAt(window.location.hash)) return;
    history.replaceState(arrivalHistoryState(history.state, 'Login'), '', `#${landing}`);
    openApp();
  }, [landing]);

  if (!allowed || wanted) return <OverlayWhileMounted />;
  return (
    <CurrentRouteContext.Provider value={LOGIN}>
      <LoginPage />
    </CurrentRouteContext.Provider>
  );
}
