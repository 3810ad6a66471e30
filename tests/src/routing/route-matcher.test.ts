/**
 * The route of an address, without react-router (issue 59: the sign-in page's first chunk carries
 * no router, and routing/routeAt.ts reads the route of an address there): our matcher must name the
 * very route react-router's `matchRoutes` names, for every route of the real table, the params
 * filled in, and for the odd addresses people type or paste (case, trailing slashes, encodings, an
 * optional segment left out, a segment too many, unknown paths).
 */
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../src/routing/areas';
import { compileRoutes } from '../../../src/routing/routeMatcher';
import { routeAt } from '../../../src/routing/routeAt';

const TABLE = ROUTES.map((route) => ({ path: route.path, name: route.name }));
const theirs = (path: string) => (matchRoutes(TABLE, path)?.at(-1)?.route as { name: string } | undefined)?.name;
const ours = compileRoutes(ROUTES);

/** A route's path with its params filled in (a value that could be a static segment, too). */
const filled = (path: string, value: string) => path.replace(/:[\w-]+\??/g, value);

const ADDRESSES = [
  ...ROUTES.flatMap((route) => [
    route.path,
    filled(route.path, '7'),
    filled(route.path, 'dashboard'),
    filled(route.path, 'create'),
    filled(route.path, 'edit'),
    `${filled(route.path, '12')}/`,
    `${filled(route.path, '12')}//`,
    filled(route.path, '12').toUpperCase(),
    `${filled(route.path, '12')}/extra`,
    route.path.replace(/\/:[\w-]+\?$/, ''),
    filled(route.path, 'caf%C3%A9'),
    filled(route.path, 'a%2Fb'),
    filled(route.path, '%E0%A4%A'),
  ]),
  '/',
  '',
  '//',
  '/unknown',
  '/log%69n',
  '/login/',
  '/LOGIN',
  '/configurator/1/dashboard',
  '/configurator/1/overview',
  '/configurator/1/internal/walls',
  '/configurator/1/walls',
  '/showcases/media/5',
  '/showcases/media',
  '/projects/filter',
  '/projects/filter/late',
  '/projects/filter/late/more',
  '/dashboard/',
  '/dashboard/3',
];

describe('the route of an address, without react-router', () => {
  it('is the route react-router names, for every route of the table and odd addresses', () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    // react-router warns of the malformed encodings it is given here, as it should.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const differ = ADDRESSES.filter((path) => ours(path || '/') !== theirs(path || '/')).map((path) => `${path}: ours ${ours(path || '/')}, react-router ${theirs(path || '/')}`);
    warn.mockRestore();
    expect(differ).toEqual([]);
  });

  it('names every route at its own path', () => {
    for (const route of ROUTES) expect(ours(filled(route.path, '42'))).toBe(route.name);
  });

  it('reads a hash address: its path, not its search', () => {
    expect(routeAt('#/login?redirect=%2Fcompanies')).toBe('Login');
    expect(routeAt('#/register')).toBe('Register');
    expect(routeAt('#/password/reset/abc?x=1')).toBe('PasswordReset');
    expect(routeAt('#/no-such-page')).toBeUndefined();
  });

  it('ranks static segments over params, then the table\'s order', () => {
    const match = compileRoutes([
      { name: 'any', path: '/things/:id' },
      { name: 'new', path: '/things/new' },
      { name: 'first', path: '/same/:a' },
      { name: 'second', path: '/same/:b' },
      { name: 'optional', path: '/list/:filter?' },
    ]);
    expect(match('/things/new')).toBe('new');
    expect(match('/things/5')).toBe('any');
    expect(match('/same/1')).toBe('first');
    expect(match('/list')).toBe('optional');
    expect(match('/list/late')).toBe('optional');
    expect(match('/things')).toBeUndefined();
  });
});
