import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { session, type SessionController } from '../session/session';

/**
 * react-admin's view of our session. The session itself (tokens, refresh, modal, 401 handling)
 * lives in src/session and the HTTP client; this adapter only answers react-admin's questions.
 */
export const authProvider: AuthProvider = {
  async login({ username, email, password, remember }: { username?: string; email?: string; password: string; remember?: boolean }) {
    await session.login(email ?? username ?? '', password, Boolean(remember));
  },
  async logout() {
    await session.logout();
    return '/login';
  },
  async checkAuth() {
    if (session.getState().status !== 'authenticated') throw new Error('not signed in');
  },
  // The HTTP client already handled 401s (refresh, modal or Login) before react-admin sees the error.
  async checkError() {},
  async getIdentity(): Promise<UserIdentity> {
    const { user } = session.getState();
    if (!user) throw new Error('not signed in');
    return { id: user.id, fullName: user.name || user.email.split('@')[0], avatar: user.avatar ?? undefined };
  },
  async getPermissions() {
    return permissionNames();
  },
};

/** The signed-in user's permission names, as `getPermissions` answers. */
const permissionNames = (from: Pick<SessionController, 'getState'> = session): string[] => {
  const { user } = from.getState();
  return user ? [...new Set(user.roles.flatMap((role) => role.permissions.map((p) => p.name)))] : [];
};

/**
 * Puts the answers of react-admin's two auth questions in the query cache whenever the session
 * changes, so its hooks find them on their first render (keys as ra-core asks: `useAuthState`'s
 * `['auth', 'checkAuth', {}]`, `usePermissions`' `['auth', 'getPermissions', {}]`).
 *
 * Why: a list or edit screen of react-admin does not ask for its records until `checkAuth` has
 * answered, an answer the session already holds; asked on mount, it cost a round of rendering
 * and a request started one step late on every first visit of a screen (issue 32). Signed out,
 * the answers are only marked stale: the next screen asks `authProvider` again, as before.
 */
export function answerAuthQueriesFromSession(queryClient: QueryClient, from: Pick<SessionController, 'getState' | 'subscribe'> = session): () => void {
  const answer = () => {
    if (from.getState().status === 'authenticated') {
      queryClient.setQueryData(['auth', 'checkAuth', {}], true);
      queryClient.setQueryData(['auth', 'getPermissions', {}], permissionNames(from));
    } else void queryClient.invalidateQueries({ queryKey: ['auth'], refetchType: 'none' });
  };
  answer();
  return from.subscribe(answer);
}
