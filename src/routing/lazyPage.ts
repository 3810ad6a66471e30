import { createElement, lazy, useState, type ComponentType } from 'react';
import { i18n } from '../i18n/i18n';

/** A page loaded when first shown, which can also be asked for earlier (`preload`). */
export type LazyPage = ComponentType & { preload(): Promise<unknown>; namespaces: readonly string[] };

/** Namespaces asked for before i18next has its language would load for none. */
const i18nReady = () => (i18n.isInitialized ? Promise.resolve() : new Promise<void>((resolve) => i18n.on('initialized', () => resolve())));

/**
 * `React.lazy` for a page, whose texts (its i18n namespaces) load beside its code rather than after
 * it: a lazy page otherwise renders, finds its namespace missing, suspends and only then asks for it,
 * and its data after that, three round trips in a row on a first visit. `preload()` starts both
 * (once) before the page renders, e.g. at start for the address the app opens on
 * (pages.ts `preloadPageAt`). A failed load may be tried again.
 *
 * A page whose code is already here renders at once: React.lazy suspends on its first render even
 * for a load that has finished (a fallback frame, then the whole page in a second pass). Which of
 * the two a mounted page uses is fixed at mount, so it never remounts.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const start = () =>
    (loading ??= Promise.all([load(), namespaces.length ? i18nReady().then(() => i18n.loadNamespaces(namespaces)) : null])
      .then(([page]) => {
        loaded = page.default;
        return page;
      })
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  const Lazy = lazy(start);
  function Page() {
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Shown);
  }
  return Object.assign(Page, { preload: start, namespaces });
}
