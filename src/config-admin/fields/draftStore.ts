/**
 * The draft as a small store the outline's rows read from (issue 56's keystroke budget: a key
 * typed into a label reaches the preview in under 50 ms on the biggest stage).
 *
 * Passing the draft down as a prop re-rendered every row of the outline on each key (the biggest
 * share of a keystroke's work). A row reads only what it shows, its title in the editor's language,
 * through `useSyncExternalStore` with that string as the snapshot: React re-renders the row only
 * when its own title changes. Parts that need the whole draft (a panel, an open "Add a field")
 * subscribe to all of it while they are shown.
 */
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { StageDraftValue } from './model/types';

export interface DraftStore {
  get(): StageDraftValue;
  subscribe(listener: () => void): () => void;
}

/** A store that always holds the draft given at the last render (updated before children render). */
export function useDraftStore(draft: StageDraftValue): DraftStore {
  const ref = useRef<{ draft: StageDraftValue; listeners: Set<() => void>; store: DraftStore } | null>(null);
  if (!ref.current) {
    const state = { draft, listeners: new Set<() => void>() } as { draft: StageDraftValue; listeners: Set<() => void>; store: DraftStore };
    state.store = {
      get: () => state.draft,
      subscribe(listener) {
        state.listeners.add(listener);
        return () => state.listeners.delete(listener);
      },
    };
    ref.current = state;
  }
  const state = ref.current;
  // Rows rendered in this pass read the new draft at once; the rest (memoized, not rendered) are
  // told after the commit, before the browser paints, and re-render only if their value changed.
  state.draft = draft;
  useLayoutEffect(() => {
    for (const listener of [...state.listeners]) listener();
  }, [state, draft]);
  return state.store;
}

const NOTHING = () => () => undefined;

/** One value read from the draft (compared with `Object.is`): the component re-renders only when it changes. */
export function useDraftValue<T>(store: DraftStore, read: (draft: StageDraftValue) => T): T {
  return useSyncExternalStore(store.subscribe, () => read(store.get()));
}

/** The whole draft while `active`, else null (nothing subscribed, no re-render on edits). */
export function useWholeDraft(store: DraftStore, active: boolean): StageDraftValue | null {
  return useSyncExternalStore(active ? store.subscribe : NOTHING, () => (active ? store.get() : null));
}

/** A store of one draft that does not change (a panel drawn on its own, read-only, or in a story). */
export function fixedDraftStore(draft: StageDraftValue): DraftStore {
  return { get: () => draft, subscribe: () => () => undefined };
}
