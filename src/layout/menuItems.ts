import { ADMIN_PERMISSIONS, PERMISSIONS as P, hasPermission, meets, type Permission, type Requirement } from '../auth/permissions';
import type { SessionCompany, SessionUser } from '../auth/types';
import type { MenuGroup, RouteDef } from '../routing/define';

/** One sidebar entry: a link (`to`) or a group of links, with the navigation label's common.json key. */
export interface MenuItem {
  key: string;
  label: string;
  to?: string;
  requires?: Requirement;
  children?: MenuItem[];
}

export interface MenuSection {
  key: string;
  /** Heading key; the main section has none. */
  label?: string;
  requires?: Requirement;
  items: MenuItem[];
}

const perm = (permission: Permission | Permission[]): Requirement => ({ permission });

/** The sidebar's sections, in order; the main section has no heading. */
const SECTIONS: Array<Omit<MenuSection, 'items'>> = [
  { key: 'main' },
  // The admin section shows when any of the admin permissions is held (spec section 6).
  { key: 'admin', label: 'menu.admin', requires: perm(ADMIN_PERMISSIONS) },
];

/** The groups of links: their label, section, place among the section's entries and own requirement. */
const GROUPS: Record<MenuGroup, { label: string; section: 'main' | 'admin'; rank: number; requires?: Requirement }> = {
  companies: { label: 'menu.companies', section: 'main', rank: 20 },
  media: { label: 'menu.media', section: 'main', rank: 60 },
  // The Tracker menu as a whole needs edit projects (spec section 6).
  tracker: { label: 'menu.tracker', section: 'main', rank: 80, requires: perm(P.editProjects) },
  projects: { label: 'menu.projects', section: 'main', rank: 90 },
  users: { label: 'menu.users', section: 'admin', rank: 10 },
  // Showcase admin needs edit posts (spec section 6).
  'showcase-admin': { label: 'menu.showcaseAdmin', section: 'admin', rank: 40, requires: perm(P.editPosts) },
  // The configurator admin (spec section 6, edit admin configs): internal page layouts and stages.
  'config-admin': { label: 'menu.configuratorAdmin', section: 'admin', rank: 50 },
  tasks: { label: 'menu.tasks', section: 'admin', rank: 60 },
};

/**
 * The sidebar of spec sections 2 and 6, built from the routes' own menu placements
 * (each area's routes.ts, routing/areas.ts): a link's path and requirement are its route's, so a screen is registered
 * once. `:me` is replaced by the signed-in user's id.
 */
export function buildMenu(routes: readonly RouteDef[]): MenuSection[] {
  type Ranked = { rank: number; item: MenuItem };
  const bySection = new Map<string, Ranked[]>(SECTIONS.map((s) => [s.key, []]));
  const groups = new Map<string, { rank: number; item: MenuItem & { children: MenuItem[] }; links: Ranked[] }>();
  for (const [key, group] of Object.entries(GROUPS)) {
    const entry = { rank: group.rank, item: { key, label: group.label, ...(group.requires ? { requires: group.requires } : {}), children: [] }, links: [] };
    groups.set(key, entry);
    bySection.get(group.section)!.push(entry);
  }
  for (const route of routes) {
    const { menu } = route;
    if (!menu) continue;
    const to = menu.mine ? route.path.replace(/:id\b/, ':me') : route.path;
    const link: Ranked = { rank: menu.rank, item: { key: menu.key, label: menu.label, to, ...(route.requires ? { requires: route.requires } : {}) } };
    (groups.get(menu.in)?.links ?? bySection.get(menu.in)!).push(link);
  }
  const ordered = (list: Ranked[]) => [...list].sort((a, b) => a.rank - b.rank).map((r) => r.item);
  for (const group of groups.values()) group.item.children = ordered(group.links);
  return SECTIONS.map((section) => ({ ...section, items: ordered(bySection.get(section.key)!) }));
}


function filterItem(item: MenuItem, user: SessionUser): MenuItem | null {
  if (!meets(user, item.requires)) return null;
  const to = item.to?.replace(':me', String(user.id));
  if (!item.children) return { ...item, to };
  const children = item.children.map((child) => filterItem(child, user)).filter((c): c is MenuItem => c !== null);
  // A group without a visible child and without a link of its own is noise: drop it.
  if (children.length === 0 && !to) return null;
  return { ...item, to, children };
}

/**
 * The sections and items this user may see: items by permission or role, groups without visible
 * children dropped, sections by their own requirement and dropped when empty.
 *
 * @example filterMenu(MENU, dealer).map((s) => s.key) // ['main']
 */
export function filterMenu(menu: readonly MenuSection[], user: SessionUser | null): MenuSection[] {
  if (!user) return [];
  return menu
    .filter((section) => meets(user, section.requires))
    .map((section) => ({ ...section, items: section.items.map((i) => filterItem(i, user)).filter((i): i is MenuItem => i !== null) }))
    .filter((section) => section.items.length > 0);
}

/**
 * Whether the sidebar shows: signed in, and not a showcase-stage company unless the user may
 * create configs (spec section 6).
 *
 * @example isSidebarVisible(dealer2, { stage: 'showcase' }) // false
 */
export function isSidebarVisible(user: SessionUser | null, company: Pick<SessionCompany, 'stage'> | null): boolean {
  if (!user) return false;
  if (company?.stage === 'showcase' && !hasPermission(user, P.createConfigs)) return false;
  return true;
}

/**
 * The key of the one link the sidebar lights for `pathname`: the link to this very path, or else the
 * link whose path holds it (`/users` for `/users/profile/7`), the deepest such path winning. Each
 * link deciding alone lit two at once: "All users" (`/users`) holds `/users/create`, which has a
 * link of its own.
 *
 * @example activeMenuKey(filterMenu(MENU, admin), '/users/create') // 'users-create'
 */
export function activeMenuKey(sections: readonly MenuSection[], pathname: string): string | null {
  const links: MenuItem[] = [];
  const collect = (item: MenuItem) => {
    if (item.to) links.push(item);
    item.children?.forEach(collect);
  };
  sections.forEach((section) => section.items.forEach(collect));
  // The dashboard holds the company dashboards (`/dashboard/7`) but lights only for itself.
  const holding = links.filter(({ to = '' }) => pathname === to || (to !== '/dashboard' && pathname.startsWith(`${to}/`)));
  const deepest = holding.sort((a, b) => (b.to ?? '').length - (a.to ?? '').length)[0];
  return deepest?.key ?? null;
}
