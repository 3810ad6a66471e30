/**
 * "Arriving from Login or Register" (spec section 2) travels with the navigation itself, as history
 * state, rather than as a "last route shown" variable: a page the user opens right after the
 * sign-in landing must not be taken for that landing, however late the landing page rendered.
 */
export interface ArrivalState {
  from?: string;
}

/**
 * The history entry's state for an arrival made without the router (the router-free sign-in page's
 * landing, shell/LoginShell.tsx): react-router's hash history reads a location's state from the
 * entry's `usr` (its own `idx` kept), so the app's router, created at the landing, sees `from`.
 */
export function arrivalHistoryState(current: unknown, from: string): Record<string, unknown> {
  const kept = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  return { ...kept, usr: { from } satisfies ArrivalState, key: Math.random().toString(36).slice(2, 10) };
}
