import type { ComponentType } from 'react';
import { AREAS, type RouteName } from './areas';
import type { LazyPage } from './lazyPage';
import { pathOf, routeAt } from './routeAt';
import type { Preload, Prefetch, ResourceScreens } from './define';

/*
 * The page of each named route, and what it loads first, from the areas (routing/areas.ts), without
 * react-router or react-admin: main.tsx asks for the code of the page the app opens on beside the
 * app's own chunk (which this module is not part of), instead of once that chunk has run, a round
 * of requests later. routeElements.tsx makes the routes of them.
 */

type Merged<K extends string, V> = Partial<Record<K, V>>;
const merged = <V,>(pick: (area: (typeof AREAS)[number]) => Readonly<Record<string, V>> | undefined) =>
  Object.assign({}, ...AREAS.map((area) => pick(area) ?? {})) as Merged<RouteName, V>;

/** The page of every named route but the redirects (`redirectTo`: routeElements.tsx sends them on). */
export const PAGES = merged<ComponentType>((area) => area.pages);

/** What a route loads before it shows (waited for under the overlay), by route. */
export const PRELOADS = merged<Preload>((area) => area.preload);

/** A route's first data, asked for without waiting (routeElements.tsx), by route. */
export const PREFETCHES = merged<Prefetch>((area) => area.prefetch);

/** The screens usually opened next from a route's page (routing/intent.ts loads them when idle). */
export const NEXT = merged<readonly RouteName[]>((area) => area.next);

/** Screens kept mounted, hidden, while another is open (the areas' `keep`, routing/KeepScreens.tsx). */
export const KEPT: ReadonlySet<RouteName> = new Set(AREAS.flatMap((area) => (area.keep ?? []) as readonly RouteName[]));

/** Pages that follow a change of their parameters in place instead of being mounted anew per record. */
export const STEPS_IN_PLACE: ReadonlySet<RouteName> = new Set(AREAS.flatMap((area) => (area.inPlace ?? []) as readonly RouteName[]));

/**
 * react-admin's resources by API name (routeElements.tsx registers them as `<Resource>`s). Their
 * own paths (`/companies/{id}`, `/users/create`) show the same screens as the named routes, and a
 * first visit there is started the same way (`pageAt`).
 */
export const RESOURCES: Readonly<Record<string, ResourceScreens>> = Object.assign({}, ...AREAS.map((area) => area.resources ?? {}));

// Longest name first: `/tasks/stages` is the stages resource's list, not the tasks' record "stages".
const RESOURCE_NAMES = Object.keys(RESOURCES).sort((a, b) => b.length - a.length);

/** The screen react-admin shows at `path` for one of its resources: its list, create or edit. */
function resourcePageAt(path: string): ComponentType | undefined {
  const name = RESOURCE_NAMES.find((n) => path === `/${n}` || path.startsWith(`/${n}/`));
  if (!name) return undefined;
  const screens = RESOURCES[name];
  const rest = path.slice(name.length + 2).replace(/\/$/, '');
  if (rest === '') return screens.list;
  if (rest === 'create') return screens.create;
  return rest.includes('/') ? undefined : screens.edit;
}

/** The lazy page at `hash`: its named route's (the redirects and Login have none), else react-admin's. */
function pageAt(hash: string): Partial<LazyPage> | null {
  const name = routeAt(hash);
  const page = name ? PAGES[name] : resourcePageAt(pathOf(hash));
  return (page as Partial<LazyPage> | undefined) ?? null;
}

/** The i18n namespaces the page of `hash` needs besides the app's own (main.tsx loads them at start). */
export function pageNamespacesAt(hash: string): readonly string[] {
  return pageAt(hash)?.namespaces ?? [];
}

/**
 * Starts loading the page of `hash` (the address the app opens on): its code and texts come while
 * the app's own start (translations, the session check) runs, instead of after the shell has
 * rendered; main.tsx asks at once, beside the app's own chunk. Resolves when the page's code is
 * here (or failed to come).
 */
export function preloadPageAt(hash: string): Promise<unknown> {
  return pageAt(hash)?.preload?.().catch(() => {}) ?? Promise.resolve();
}

/** Starts the code and texts of a named route's page (a screen about to be opened: routing/intent.ts). */
export function preloadPage(name: RouteName): Promise<unknown> {
  const page = PAGES[name] as Partial<LazyPage> | undefined;
  return page?.preload?.().catch(() => {}) ?? Promise.resolve();
}
