// @vitest-environment jsdom
// The one link of the signed-out frame and the sign-in form (routing/HashLink.tsx, issue 59): an
// `<a href="#/...">` whose plain click moves the page through `session.navigate` (a hash change
// where no router is mounted, the router's navigate where one is), and whose modified click (a new
// tab or window) is the browser's. The same top bar, footer and cookie banner then serve the
// router-free sign-in page and the routed shells.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Link } from '@mui/material';
import { useEffect } from 'react';
import { createHashRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HashLink } from '../../../src/routing/HashLink';
import { session } from '../../../src/session/session';

const withoutRouter = session.navigate;
const routers: { dispose(): void }[] = [];

beforeEach(() => {
  window.history.replaceState(null, '', '#/login');
});

afterEach(() => {
  cleanup();
  routers.splice(0).forEach((r) => r.dispose());
  session.navigate = withoutRouter;
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '#');
});

const links = () => (
  <>
    <Link component={HashLink} to="/register">
      register
    </Link>
    <Button component={HashLink} to="/login">
      login
    </Button>
  </>
);

describe('HashLink, where no router is mounted', () => {
  it('is a plain link to the address, for MUI\'s links and buttons alike', () => {
    render(links());
    expect(screen.getByText('register').closest('a')!.getAttribute('href')).toBe('#/register');
    const button = screen.getByText('login').closest('a')!;
    expect(button.getAttribute('href')).toBe('#/login');
    expect(button.getAttribute('role')).toBeNull();
  });

  it('moves on a plain click by a hash change, without a reload, as a new history entry', () => {
    const navigate = vi.spyOn(session, 'navigate');
    const entries = window.history.length;
    render(links());
    const followedByBrowser = fireEvent.click(screen.getByText('register'), { button: 0 });
    expect(followedByBrowser).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/register');
    expect(window.location.hash).toBe('#/register');
    expect(window.history.length).toBe(entries + 1);
  });

  it('leaves a modified click (a new tab or window) and the middle button to the browser', () => {
    const navigate = vi.spyOn(session, 'navigate');
    render(links());
    for (const how of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(screen.getByText('register'), { button: 0, ...how })).toBe(true);
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/login');
  });

  it('does nothing on a link to where the page already is', () => {
    const navigate = vi.spyOn(session, 'navigate');
    const entries = window.history.length;
    render(links());
    expect(fireEvent.click(screen.getByText('login'), { button: 0 })).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.history.length).toBe(entries);
  });
});

/** The bridge a routed shell mounts (shell/PublicApp.tsx RouterBridge, layout/Bridges.tsx). */
function Bridge() {
  const navigate = useNavigate();
  useEffect(() => {
    session.navigate = (path) => void navigate(path);
  }, [navigate]);
  return links();
}

describe('HashLink, inside a router', () => {
  it('moves through the router\'s navigate: a push the router knows of', async () => {
    const router = createHashRouter([{ path: '*', element: <Bridge /> }]);
    routers.push(router);
    render(<RouterProvider router={router} />);
    await act(async () => void fireEvent.click(screen.getByText('register'), { button: 0 }));
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.historyAction).toBe('PUSH');
    expect(window.location.hash).toBe('#/register');
  });
});
