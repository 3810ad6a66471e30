import { describe, expect, it } from 'vitest';
import { hasPermission, hasRole, meets } from '../../../src/auth/permissions';
import { activeMenuKey, buildMenu, filterMenu, isSidebarVisible, type MenuItem, type MenuSection } from '../../../src/layout/menuItems';
import { ROUTES } from '../../../src/routing/areas';
import { admin, dealer, userWith } from '../fixtures/users';

// The sidebar as the app builds it (App.tsx) from the areas' routes.
const MENU = buildMenu(ROUTES);

/** Every link the user sees, flattened. */
const links = (sections: MenuSection[]) => {
  const out: string[] = [];
  const walk = (item: MenuItem) => {
    if (item.to) out.push(item.to);
    item.children?.forEach(walk);
  };
  sections.forEach((s) => s.items.forEach(walk));
  return out;
};

describe('permission and role checks (spec section 6)', () => {
  it('role check needs an id and a role in the list', () => {
    expect(hasRole(userWith([], 'Manager'), ['Manager', 'Executive'])).toBe(true);
    expect(hasRole(userWith([], 'Client'), ['Manager', 'Executive'])).toBe(false);
    expect(hasRole({ ...userWith([], 'Manager'), id: undefined as unknown as number }, 'Manager')).toBe(false);
    expect(hasRole(null, 'Manager')).toBe(false);
  });

  it('permission check looks through every role', () => {
    const user = { ...userWith(['view media']), roles: [...userWith(['view media']).roles, { id: 2, name: 'Other', permissions: [{ id: 1, name: 'edit posts' }] }] };
    expect(hasPermission(user, 'edit posts')).toBe(true);
    expect(hasPermission(user, ['create posts', 'view media'])).toBe(true);
    expect(hasPermission(user, 'create posts')).toBe(false);
  });

  it('requirements may be nothing, a boolean, a role or a permission', () => {
    expect(meets(dealer, undefined)).toBe(true);
    expect(meets(dealer, true)).toBe(true);
    expect(meets(dealer, false)).toBe(false);
    expect(meets(dealer, { role: 'Client' })).toBe(true);
    expect(meets(dealer, { permission: 'create configs' })).toBe(false);
  });
});

describe('filterMenu', () => {
  it('shows a dealer only their own items and no admin section', () => {
    const sections = filterMenu(MENU, dealer);
    expect(sections.map((s) => s.key)).toEqual(['main']);
    expect(links(sections)).toEqual(['/dashboard', '/configurator', '/agreements', '/products', '/media', '/showcases']);
  });

  it('shows an administrator everything, with their own profile link', () => {
    const sections = filterMenu(MENU, admin);
    expect(sections.map((s) => s.key)).toEqual(['main', 'admin']);
    const all = links(sections);
    expect(all).toContain('/tracker/all');
    expect(all).toContain('/backend/showcases');
    expect(all).toContain('/users/profile/1');
    expect(all).toContain('/roles-permissions/roles');
  });

  it('links the legacy import for whoever may import (manage configs), and for nobody else', () => {
    expect(links(filterMenu(MENU, admin))).toContain('/migration');
    expect(links(filterMenu(MENU, userWith(['manage configs'])))).toContain('/migration');
    expect(links(filterMenu(MENU, userWith(['edit admin configs'])))).not.toContain('/migration');
    expect(links(filterMenu(MENU, dealer))).not.toContain('/migration');
  });

  it('hides the Tracker menu without edit projects, even with its other permissions', () => {
    const user = userWith(['create projects', 'view project variations', 'approve project tasks']);
    expect(links(filterMenu(MENU, user)).some((l) => l.startsWith('/tracker'))).toBe(false);
    expect(links(filterMenu(MENU, userWith(['edit projects'])))).toContain('/tracker/all');
  });

  it('hides showcase admin without edit posts', () => {
    expect(links(filterMenu(MENU, userWith(['create posts'])))).not.toContain('/backend/showcases/create');
    expect(links(filterMenu(MENU, userWith(['edit posts', 'create posts'])))).toEqual(expect.arrayContaining(['/backend/showcases', '/backend/showcases/create']));
  });

  it('shows the admin section when any admin permission is held', () => {
    const sections = filterMenu(MENU, userWith(['manage categories']));
    expect(sections.map((s) => s.key)).toEqual(['main', 'admin']);
    expect(links(sections)).toContain('/categories');
    expect(links(sections)).not.toContain('/users');
  });

  it('drops groups whose children are all hidden', () => {
    const sections = filterMenu(MENU, userWith([]));
    expect(sections[0].items.map((i) => i.key)).toEqual(['dashboard', 'showcases']);
  });

  it('shows nothing signed out', () => {
    expect(filterMenu(MENU, null)).toEqual([]);
  });
});

describe('the menu is read from the route table', () => {
  it("links every route that has a menu placement, once, with the route's path and requirement", () => {
    const items: MenuItem[] = [];
    const walk = (item: MenuItem) => (item.children ? item.children.forEach(walk) : items.push(item));
    MENU.forEach((s) => s.items.forEach(walk));
    const placed = ROUTES.filter((r) => r.menu);
    expect(items.map((i) => i.key).sort()).toEqual(placed.map((r) => r.menu!.key).sort());
    for (const route of placed) {
      const item = items.find((i) => i.key === route.menu!.key)!;
      expect(item.to).toBe(route.menu!.mine ? route.path.replace(':id', ':me') : route.path);
      expect(item.requires).toEqual(route.requires);
    }
  });
});

describe('isSidebarVisible', () => {
  it('hides the sidebar for showcase-stage companies unless the user may create configs', () => {
    expect(isSidebarVisible(dealer, { stage: 'showcase' })).toBe(false);
    expect(isSidebarVisible(userWith(['create configs']), { stage: 'showcase' })).toBe(true);
    expect(isSidebarVisible(dealer, { stage: 'configurator' })).toBe(true);
    expect(isSidebarVisible(admin, null)).toBe(true);
    expect(isSidebarVisible(null, null)).toBe(false);
  });
});

describe('the one lit sidebar link (issue 26)', () => {
  const menu = filterMenu(MENU, admin);
  it('lights the Create or Add link alone, not the list link that holds its path', () => {
    expect(activeMenuKey(menu, '/users/create')).toBe('users-create');
    expect(activeMenuKey(menu, '/media/upload')).toBe('media-add');
    expect(activeMenuKey(menu, '/companies/create')).toBe('companies-create');
    expect(activeMenuKey(menu, '/backend/showcases/create')).toBe('showcase-admin-create');
  });
  it('lights the list for a record under it, and the dashboard only for itself', () => {
    expect(activeMenuKey(menu, '/users/profile/99')).toBe('users-all');
    expect(activeMenuKey(menu, '/backend/showcases/edit/3')).toBe('showcase-admin-all');
    expect(activeMenuKey(menu, '/dashboard')).toBe('dashboard');
    expect(activeMenuKey(menu, '/dashboard/7')).toBeNull();
  });
});
