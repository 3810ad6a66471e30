import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session';

/** The session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
