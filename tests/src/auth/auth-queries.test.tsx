// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AuthContext, useAuthenticated, usePermissions, type AuthProvider } from 'ra-core';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAuthQueriesFromSession } from '../../../src/auth/authProvider';
import type { SessionState } from '../../../src/session/state';

afterEach(cleanup);

/** A session holder as the app's session controller presents itself (state and a change signal). */
function sessionOf(initial: Partial<SessionState>) {
  let state: SessionState = { status: 'checking', user: null, company: null, expiresAt: null, modalOpen: false, ...initial };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(patch: Partial<SessionState>) {
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
  };
}

const editor = {
  id: 7,
  name: 'Pat Manager',
  email: 'pm@example.test',
  roles: [
    { id: 1, name: 'pm', permissions: [{ id: 1, name: 'view companies' }, { id: 2, name: 'edit projects' }] },
    { id: 2, name: 'viewer', permissions: [{ id: 1, name: 'view companies' }] },
  ],
} as unknown as SessionState['user'];

/** An authProvider that never answers: a screen that needs its answer would wait for ever. */
const silent: AuthProvider = {
  login: () => new Promise(() => {}),
  logout: () => new Promise(() => {}),
  checkAuth: () => new Promise(() => {}),
  checkError: () => new Promise(() => {}),
  getPermissions: () => new Promise(() => {}),
};

/** What a react-admin list asks before it reads its records, as the list controller asks it. */
function Probe() {
  const auth = useAuthenticated();
  const { permissions, isPending } = usePermissions();
  return (
    <p>
      {auth.isPending ? 'auth pending' : 'auth known'} / {isPending ? 'permissions pending' : `permissions: ${[...permissions].sort().join(', ')}`}
    </p>
  );
}

const renderProbe = (client: QueryClient) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={silent}>
          <Probe />
        </AuthContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('react-admin auth answers from the session (issue 32)', () => {
  it('a signed-in user: a screen knows on its first render that they are signed in and what they may do', () => {
    const client = new QueryClient();
    answerAuthQueriesFromSession(client, sessionOf({ status: 'authenticated', user: editor }));
    renderProbe(client);
    // The authProvider never answers: what is shown came from the session, on the first render.
    expect(screen.getByText('auth known / permissions: edit projects, view companies')).toBeTruthy();
  });

  it('follows the session: a new user gets their own permissions, and signing out marks the answers to be asked again', () => {
    const client = new QueryClient();
    const session = sessionOf({ status: 'authenticated', user: editor });
    const stop = answerAuthQueriesFromSession(client, session);
    act(() => session.set({ user: { ...editor!, roles: [{ id: 3, name: 'dealer', permissions: [{ id: 9, name: 'view configs' }] }] } as SessionState['user'] }));
    expect(client.getQueryData(['auth', 'getPermissions', {}])).toEqual(['view configs']);
    act(() => session.set({ status: 'anonymous', user: null }));
    // Marked stale: the next screen asks the authProvider again instead of trusting the old answer.
    expect(client.getQueryState(['auth', 'checkAuth', {}])?.isInvalidated).toBe(true);
    stop();
    // Unsubscribed: later changes are not followed.
    act(() => session.set({ status: 'authenticated', user: editor }));
    expect(client.getQueryState(['auth', 'checkAuth', {}])?.isInvalidated).toBe(true);
  });
});
