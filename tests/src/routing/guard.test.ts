import { describe, expect, it } from 'vitest';
import { ROUTES, pathFor, routeByName, type RouteName } from '../../../src/routing/areas';
import { decideRoute, type GuardSession } from '../../../src/routing/guard';
import { loginPath, safeRedirect } from '../../../src/routing/signInPaths';
import { admin, dealer, userWith } from '../fixtures/users';

const signedOut: GuardSession = { authenticated: false, user: null, company: null };
const asDealer = (stage = 'configurator', extra: Partial<GuardSession> = {}): GuardSession => ({
  authenticated: true,
  user: dealer,
  company: { id: 1, name: 'Demo Motors', stage },
  ...extra,
});

describe('decideRoute', () => {
  it('sends a signed-out visitor of a protected page to Login with the full path', () => {
    const decision = decideRoute({ route: routeByName('Company Create'), fullPath: '/companies/create?from=menu', session: signedOut });
    expect(decision).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fcompanies%2Fcreate%3Ffrom%3Dmenu' });
  });

  it('lets signed-out visitors see every public page', () => {
    for (const route of ROUTES.filter((r) => !r.auth)) {
      expect(decideRoute({ route, fullPath: route.path, session: signedOut })).toEqual({ kind: 'allow' });
    }
  });

  it('sends a signed-in user opening Login to Dashboard, or to the redirect query value', () => {
    expect(decideRoute({ route: routeByName('Login'), fullPath: '/login', session: asDealer() })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute({ route: routeByName('Login'), fullPath: '/login?redirect=%2Fagreements', session: asDealer() })).toEqual({ kind: 'redirect', to: '/agreements' });
  });

  it('never follows a redirect query to another site', () => {
    expect(decideRoute({ route: routeByName('Login'), fullPath: '/login?redirect=%2F%2Fevil.test', session: asDealer() })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends a failed permission check to Dashboard', () => {
    expect(decideRoute({ route: routeByName('Users'), fullPath: '/users', session: asDealer() })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute({ route: routeByName('Users'), fullPath: '/users', session: { ...asDealer(), user: admin } })).toEqual({ kind: 'allow' });
  });

  it('lets any signed-in user see Dashboard, showcases and a user profile', () => {
    const bare = { ...asDealer(), user: userWith([]) };
    for (const name of ['Dashboard', 'Showcases', 'Showcase', 'User Profile'] as const) {
      expect(decideRoute({ route: routeByName(name), fullPath: '/x', session: bare }).kind).toBe('allow');
    }
  });

  it('arriving at Dashboard from Login or Register: showcase stage -> Showcases, configurator stage -> Config', () => {
    const dashboard = routeByName('Dashboard');
    expect(decideRoute({ route: dashboard, fullPath: '/dashboard', session: asDealer('showcase'), from: 'Login' })).toEqual({ kind: 'redirect', to: '/showcases' });
    expect(decideRoute({ route: dashboard, fullPath: '/dashboard', session: asDealer('configurator'), from: 'Register' })).toEqual({ kind: 'redirect', to: '/configurator' });
    expect(decideRoute({ route: dashboard, fullPath: '/dashboard', session: asDealer('configurator'), from: 'Companies' })).toEqual({ kind: 'allow' });
    expect(decideRoute({ route: dashboard, fullPath: '/dashboard', session: asDealer('created'), from: 'Login' })).toEqual({ kind: 'allow' });
  });

  it('does not send a user to Config they may not open (no redirect loop)', () => {
    const session = { ...asDealer('configurator'), user: userWith([]) };
    expect(decideRoute({ route: routeByName('Dashboard'), fullPath: '/dashboard', session, from: 'Login' })).toEqual({ kind: 'allow' });
  });

  it('asks to load the active company when the cookie differs from the loaded one', () => {
    const session = asDealer('configurator', { activeCompanyId: 5 });
    expect(decideRoute({ route: routeByName('Agreements'), fullPath: '/agreements', session })).toEqual({ kind: 'allow', loadCompanyId: 5 });
    expect(decideRoute({ route: routeByName('Agreements'), fullPath: '/agreements', session: asDealer('configurator', { activeCompanyId: 1 }) })).toEqual({ kind: 'allow' });
    // Dashboard clears the active company instead of loading it.
    expect(decideRoute({ route: routeByName('Dashboard'), fullPath: '/dashboard', session })).toEqual({ kind: 'allow' });
  });
});

describe('routes', () => {
  it('has every authenticated route of spec section 2 behind a session', () => {
    const paths = ROUTES.filter((r) => r.auth).map((r) => r.path);
    for (const path of [
      '/dashboard', '/dashboard/:id', '/agreements', '/agreements/:id/edit', '/agreements/:id/preview', '/companies', '/companies/profile/:id',
      '/companies/create', '/configurator', '/configurator/:id', '/configurator/:id/dashboard', '/configurator/:id/overview', '/configurator/:id/:slug',
      '/configurator/:id/internal/:slug', '/media', '/media/upload', '/products', '/products/edit/:id', '/products/create', '/backend/showcases',
      '/backend/showcases/create', '/backend/showcases/edit/:id', '/showcases', '/showcases/:slug', '/showcases/media/:mediaId', '/categories',
      '/categories/:taxonomy', '/users', '/users/profile/:id', '/users/create', '/roles-permissions/roles', '/tasks', '/tasks/stages',
      '/tasks/notifications', '/tasks/types', '/tracker/new', '/tracker/variations', '/tracker/approval', '/tracker/all', '/tracker/:id/summary',
      '/tracker/:id/profile', '/projects/dashboard', '/projects/filter/:name?', '/projects/in-build', '/projects/launching', '/projects/reviews',
      '/projects/reports', '/backend/config-admin/internal-page-layouts', '/backend/config-admin/stages', '/backend/config-admin/stages/:slug',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('builds paths of named routes', () => {
    expect(pathFor('Company Dashboard', { id: 7 })).toBe('/dashboard/7');
    expect(pathFor('Projects Filter')).toBe('/projects/filter');
    // A name is a RouteName at compile time; one that comes from elsewhere at run time still throws.
    expect(() => pathFor('Nope' as RouteName)).toThrow();
  });
});

describe('loginPath and safeRedirect', () => {
  it('keeps the way back but not to Login itself', () => {
    expect(loginPath('/users?page=2')).toBe('/login?redirect=%2Fusers%3Fpage%3D2');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=x')).toBe('/login');
  });

  it('accepts only in-app paths', () => {
    expect(safeRedirect('/companies/create')).toBe('/companies/create');
    expect(safeRedirect('https://evil.test')).toBe('/dashboard');
    expect(safeRedirect('//evil.test')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.test')).toBe('/dashboard');
    expect(safeRedirect('/logout')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});
