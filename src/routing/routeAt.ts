import { ROUTES, type RouteName } from './areas';
import { compileRoutes } from './routeMatcher';

/**
 * The route table as a matcher, built once. Our own matcher of the table's patterns, not
 * react-router's `matchRoutes`: this module is in the first chunk, and the sign-in page there
 * needs no router (issue 59; routeMatcher.ts matches as react-router does).
 */
const match = compileRoutes(ROUTES);

/** The path of a hash address: `#/projects/reports?from=...` -> `/projects/reports`. */
export const pathOf = (hash: string): string => hash.replace(/^#/, '').split('?')[0] || '/';

/** The search of a hash address, without its `?`. */
export const searchOf = (hash: string): string => hash.split('?')[1] ?? '';

/** The named route of a hash address (`#/projects/reports?from=...`), if any. */
export function routeAt(hash: string): RouteName | undefined {
  return match(pathOf(hash));
}
