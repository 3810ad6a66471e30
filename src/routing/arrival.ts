/**
 * "Arriving from Login or Register" (spec section 2) travels with the navigation itself, as history
 * state, rather than as a "last route shown" variable: a page the user opens right after the
 * sign-in landing must not be taken for that landing, however late the landing page rendered.
 */
export interface ArrivalState {
  from?: string;
}

