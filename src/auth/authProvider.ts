import type { AuthProvider, UserIdentity } from 'react-admin';
import { session } from '../session/session';

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
    const { user } = session.getState();
    return user ? [...new Set(user.roles.flatMap((role) => role.permissions.map((p) => p.name)))] : [];
  },
};
