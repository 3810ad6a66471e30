import { useSyncExternalStore } from 'react';
import { session } from './session';
import type { SessionState } from './state';

/** The session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
