import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteName } from './areas';

/** The route table as react-router matches it, built once. */
const MATCHABLE = ROUTES.map((route) => ({ path: route.path, name: route.name }));

/** The path of a hash address: `#/projects/reports?from=...` -> `/projects/reports`. */
export const pathOf = (hash: string): string => hash.replace(/^#/, '').split('?')[0] || '/';

/** The search of a hash address, without its `?`. */
export const searchOf = (hash: string): string => hash.split('?')[1] ?? '';

/** The named route of a hash address (`#/projects/reports?from=...`), if any. */
export function routeAt(hash: string): RouteName | undefined {
  const match = matchRoutes(MATCHABLE, pathOf(hash))?.at(-1);
  return match ? (match.route as { name: RouteName }).name : undefined;
}
