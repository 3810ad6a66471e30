import { loadPublicTexts } from '../i18n/i18n';
import type * as PublicAppExports from './PublicApp';

/** The routed signed-out shell's module (PublicApp.tsx, with react-router and the route guard), loaded on demand. */
export type PublicAppModule = typeof PublicAppExports;

let loading: Promise<PublicAppModule> | null = null;
let loaded: PublicAppModule | null = null;

/**
 * Loads the routed signed-out shell once (a failed load may be tried again); `loadedPublicApp` has
 * it afterwards, with its pages' texts (`common`). Not in the first chunk: a first visit to Login is
 * shown without it (LoginShell.tsx).
 */
export function loadPublicApp(): Promise<PublicAppModule> {
  return (loading ??= Promise.all([import('./PublicApp'), loadPublicTexts()]).then(
    ([module]) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** The routed signed-out shell's module if its code is here. */
export const loadedPublicApp = (): PublicAppModule | null => loaded;
