import { createContext, useContext } from 'react';
import type { RouteDef } from './define';

/** The route being shown, for page headings and anything else that needs its name or title. */
export const CurrentRouteContext = createContext<RouteDef | null>(null);

export function useCurrentRoute(): RouteDef | null {
  return useContext(CurrentRouteContext);
}
