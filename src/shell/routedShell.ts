import { loadPublicTexts } from '../i18n/i18n';
import type * as PublicAppExports from './PublicApp';
import { loadOnce } from './loadOnce';

/** The routed signed-out shell's module (PublicApp.tsx, with react-router and the route guard), loaded on demand. */
export type PublicAppModule = typeof PublicAppExports;

// With its pages' texts (`common`), which the sign-in page did not load.
const routed = loadOnce(() => Promise.all([import('./PublicApp'), loadPublicTexts()]).then(([module]) => module));

/**
 * Loads the routed signed-out shell once (a failed load may be tried again); `loadedPublicApp` has
 * it afterwards. Not in the first chunk: a first visit to Login is shown without it (LoginShell.tsx).
 */
export const loadPublicApp: () => Promise<PublicAppModule> = routed.load;

/** The routed signed-out shell's module if its code is here. */
export const loadedPublicApp: () => PublicAppModule | null = routed.loaded;
