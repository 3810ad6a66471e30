// @vitest-environment jsdom
// The sidebar's links (issue 59): each is an `<a href="#/...">` the router follows on a plain click
// (a modified click is the browser's: a new tab), the entry of the current screen is marked, and a
// move re-renders only the entries whose mark changes, not the forty others (react-router's Link
// reads the location, so every entry re-rendered on every move).
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ReactI18next from 'react-i18next';
import { Sidebar } from '../../../src/layout/Sidebar';
import { activeMenuKey, buildMenu, filterMenu, type MenuItem } from '../../../src/layout/menuItems';
import { ROUTES } from '../../../src/routing/areas';
import { admin } from '../fixtures/users';

// Every render of the sidebar and of each entry asks for the translator once: counted here.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-i18next', async (original) => {
  const real = await original<typeof ReactI18next>();
  return {
    ...real,
    useTranslation: (...args: Parameters<typeof real.useTranslation>) => {
      renders.count += 1;
      return real.useTranslation(...args);
    },
  };
});

const MENU = buildMenu(ROUTES);
const placement = { drawer: false, open: false, onClose: () => {} };

/** The admin's links, flattened, with the entries that hold them. */
const links: MenuItem[] = [];
const walk = (item: MenuItem) => {
  if (item.to) links.push(item);
  item.children?.forEach(walk);
};
filterMenu(MENU, admin).forEach((s) => s.items.forEach(walk));

function mount(at: string) {
  const router = createMemoryRouter([{ path: '*', element: <Sidebar menu={MENU} user={admin} placement={placement} /> }], { initialEntries: [at] });
  const view = render(<RouterProvider router={router} />);
  const link = (item: MenuItem) => view.container.querySelector<HTMLAnchorElement>(`[data-testid="menu-${item.key}"]`)!;
  return { router, link };
}

afterEach(cleanup);

describe('the sidebar\'s links', () => {
  const [from, to] = links.filter((l) => !l.to!.includes(':')).slice(1, 3);

  it('are links to the screens, followed by the router on a plain click, the current one marked', async () => {
    expect(links.length).toBeGreaterThan(20);
    const { router, link } = mount(from.to!);
    expect(link(to).getAttribute('href')).toBe(`#${to.to}`);
    expect(link(from).getAttribute('aria-current')).toBe('page');
    await act(async () => void fireEvent.click(link(to), { button: 0 }));
    expect(router.state.location.pathname).toBe(to.to);
    expect(router.state.historyAction).toBe('PUSH');
    expect(link(to).getAttribute('aria-current')).toBe('page');
    expect(link(from).getAttribute('aria-current')).toBeNull();
  });

  it('leave a modified click (a new tab or window) to the browser', async () => {
    const { router, link } = mount(from.to!);
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      await act(async () => void fireEvent.click(link(to), { button: 0, ...modifier }));
      expect(router.state.location.pathname).toBe(from.to);
    }
  });

  it('re-render on a move only the entries whose mark changes', async () => {
    const { router } = mount(from.to!);
    const sections = filterMenu(MENU, admin);
    // The entries that hold the old or the new screen's entry (a group and its link), and the sidebar itself.
    const holding = (key: string | null) => {
      let n = 0;
      const count = (item: MenuItem): boolean => {
        const holds = item.key === key || (item.children ?? []).map(count).some(Boolean);
        if (holds) n += 1;
        return holds;
      };
      sections.forEach((s) => s.items.forEach(count));
      return n;
    };
    const expected = 1 + holding(activeMenuKey(sections, from.to!)) + holding(activeMenuKey(sections, to.to!));
    renders.count = 0;
    await act(async () => void router.navigate(to.to!));
    expect(renders.count).toBeGreaterThan(0);
    expect(renders.count).toBeLessThanOrEqual(expected);
  });
});
