// @vitest-environment jsdom
// A redirect decided after a wait (the guard's session check, a dealer's one-config list) must not
// pull the user back from an address they have since moved to. On a busy machine the answer can
// land after the address bar changed and before the router heard of it: React Router's
// <Navigate> then replaced the page the user had typed (a full CI run: a dealer who opened
// Roles & Permissions was sent to their config's dashboard instead of Dashboard).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { RedirectWhileHere } from '../../../src/routing/RedirectWhileHere';

let answer: (() => void) | undefined;
// Each test's router listens to the window's history until disposed: left listening, the next
// test's address change reached a router whose routes no longer match (an unhandled rejection).
const routers: { dispose(): void }[] = [];

/** A page whose answer comes later, then redirects, like the config list with one config. */
function Waiting() {
  const [answered, setAnswered] = useState(false);
  answer = () => setAnswered(true);
  return answered ? <RedirectWhileHere to="/configurator/1/dashboard" /> : <p>loading</p>;
}

function mount() {
  window.location.hash = '#/configurator';
  const router = createHashRouter([
    { path: '/configurator', element: <Waiting /> },
    { path: '/configurator/1/dashboard', element: <p>config dashboard</p> },
    { path: '/dashboard', element: <p>dashboard</p> },
  ]);
  routers.push(router);
  render(<RouterProvider router={router} />);
  return router;
}

describe('RedirectWhileHere', () => {
  afterEach(() => {
    cleanup();
    routers.splice(0).forEach((r) => r.dispose());
    window.location.hash = '';
  });

  it('redirects while the browser is still at the address the redirect was decided for', async () => {
    const router = mount();
    await act(async () => answer!());
    expect(router.state.location.pathname).toBe('/configurator/1/dashboard');
    expect(window.location.hash).toBe('#/configurator/1/dashboard');
  });

  it('does not move a user who has gone elsewhere before the answer came', async () => {
    const router = mount();
    // The user types another address; the answer lands before the router handles the change.
    history.pushState(null, '', '#/dashboard');
    await act(async () => answer!());
    expect(window.location.hash).toBe('#/dashboard');
    expect(router.state.location.pathname).not.toBe('/configurator/1/dashboard');
  });
});
