import { meets } from '../auth/permissions';
import type { SessionCompany, SessionUser } from '../auth/types';
import { routeByName } from './areas';
import { loginPath, safeRedirect } from './signInPaths';
import type { RouteDef } from './define';

export interface GuardSession {
  authenticated: boolean;
  user: SessionUser | null;
  company: SessionCompany | null;
  /** The active-company cookie (staff pick a company to work on). */
  activeCompanyId?: number | null;
}

export interface GuardInput {
  route: RouteDef;
  /** The full path asked for, with its query: `/companies/create?x=1`. */
  fullPath: string;
  session: GuardSession;
  /** Name of the route whose redirect or navigation brought the user here (history state), if any. */
  from?: string | null;
}

export type GuardDecision = { kind: 'allow'; loadCompanyId?: number } | { kind: 'redirect'; to: string };

/**
 * The route guard of spec section 2 as a pure decision, in order:
 * 1. a route that needs a session, without one -> Login with `redirect` = the full path;
 * 2. Login while signed in -> the `redirect` query value (same-app paths only), else Dashboard;
 * 3. a failed permission check -> Dashboard;
 * 4. arriving at Dashboard from Login or Register -> Showcases for a showcase-stage company,
 *    Config for a configurator-stage one (when the user may open it);
 * 5. an active-company cookie that differs from the loaded company -> allow, and load that company.
 * (403/404 while loading, unsaved changes and the overlay are the component's part: RouteGuard.tsx.)
 *
 * @example decideRoute({ route: routeByName('Users'), fullPath: '/users', session: { authenticated: false, user: null, company: null } })
 * // { kind: 'redirect', to: '/login?redirect=%2Fusers' }
 */
export function decideRoute({ route, fullPath, session, from }: GuardInput): GuardDecision {
  if (route.auth && !session.authenticated) return { kind: 'redirect', to: loginPath(fullPath) };
  // Signing in on the Login page lands here too: the redirect query wins, else Dashboard.
  if (route.name === 'Login' && session.authenticated) return { kind: 'redirect', to: safeRedirect(redirectParam(fullPath)) };
  if (route.auth && !meets(session.user, route.requires)) return { kind: 'redirect', to: '/dashboard' };

  if (route.name === 'Dashboard' && (from === 'Login' || from === 'Register')) {
    const target = stageLanding(session.company?.stage);
    if (target && meets(session.user, target.requires)) return { kind: 'redirect', to: target.path };
  }

  // Dashboard itself clears the active company (an empty company-dashboard id), so it loads none.
  const active = session.activeCompanyId;
  if (session.authenticated && route.name !== 'Dashboard' && active && active !== session.company?.id) return { kind: 'allow', loadCompanyId: active };
  return { kind: 'allow' };
}

function redirectParam(fullPath: string): string | null {
  const query = fullPath.split('?')[1];
  return query ? new URLSearchParams(query).get('redirect') : null;
}

/** Where a company of this stage lands after sign-in (spec section 4 "Company stage"). */
function stageLanding(stage: string | undefined): RouteDef | undefined {
  if (stage === 'showcase') return routeByName('Showcases');
  if (stage === 'configurator') return routeByName('Config');
  return undefined;
}
