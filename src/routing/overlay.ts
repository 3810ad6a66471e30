import { useSyncExternalStore } from 'react';

// How many things want the page overlay (route changes, PDF creation); shown while above zero.
let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Turns the page overlay on; call the returned function (once) to turn it off again. */
export function showOverlay(): () => void {
  count++;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    count--;
    emit();
  };
}

/** Runs a task (e.g. creating a PDF) under the page overlay. */
export async function withOverlay<T>(task: () => Promise<T>): Promise<T> {
  const hide = showOverlay();
  try {
    return await task();
  } finally {
    hide();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useOverlayActive(): boolean {
  return useSyncExternalStore(subscribe, () => count > 0, () => false);
}
