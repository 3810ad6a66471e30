import { useSyncExternalStore } from 'react';
import type * as AppExports from '../App';
import { loadAppTexts } from '../i18n/i18n';
import { loadOnce } from './loadOnce';

/** The signed-in app's module (App.tsx with react-admin and the staff screens), loaded on demand. */
export type AppModule = typeof AppExports;

// With the app's own texts, which the signed-out shell did not load (i18n/locales.ts PUBLIC_NAMESPACES).
const app = loadOnce(() => Promise.all([import('../App'), loadAppTexts()]).then(([module]) => module));

/** Loads the app's code once (a failed load may be tried again); `loadedApp` has it afterwards. */
export const loadApp: () => Promise<AppModule> = app.load;

/** The app's module if its code is here. */
export const loadedApp: () => AppModule | null = app.loaded;

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the app in place of the signed-out shell (an address that shell does not have). */
export function openApp(): void {
  if (wanted) return;
  wanted = true;
  // Not during the render that asked: the shells re-render from their own subscriptions.
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the app should take over from the signed-out shell (an address that shell does not have). */
export function useAppWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
