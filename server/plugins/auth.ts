import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq, inArray } from 'drizzle-orm';
import { permissions, rolePermissions, userRoles, users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { loadJwtSecret, signAccessToken, verifyAccessToken } from '../services/tokens';
import type { IssuedRefresh } from '../services/sessions';

export type UserRow = typeof users.$inferSelect;

export interface AuthService {
  /** `{access_token, expires_in}` for a user, with the user's current token version. */
  issueAccess(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<{ access_token: string; expires_in: number }>;
  /** preHandler: a valid bearer token of an active user whose token version still matches. */
  authenticate: preHandlerAsyncHookHandler;
  /** preHandler: authenticate, then require one of the named permissions (403 'No Access.'). */
  requirePermission(...names: string[]): preHandlerAsyncHookHandler;
  setRefreshCookie(reply: FastifyReply, issued: IssuedRefresh): void;
  clearRefreshCookie(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The signed-in user, set by auth.authenticate. */
    user: UserRow | null;
    permissionNames?: Set<string>;
  }
}

export const REFRESH_COOKIE = 'portal_refresh';

/** Permission names the user holds through any of their roles. */
export async function permissionsOf(app: FastifyInstance, userId: number): Promise<Set<string>> {
  const roleIds = app.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const rows = await app.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return new Set(rows.map((r) => r.name));
}

/** JWT access tokens and the refresh cookie; every authenticated request re-reads the user. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { jwtSecret?: string }) => {
    const secret = await loadJwtSecret(app.db, opts.jwtSecret);
    const ttl = app.config.accessTokenTtl;
    app.decorateRequest('user', null);

    const unauthorised = () => httpError(401, serverMessages.unauthorised);

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorised();
      const claims = await verifyAccessToken(secret, match[1]);
      if (!claims) throw unauthorised();
      // Checked on every request so disabling a user (or a password change) takes effect at once.
      const [user] = await app.db.select().from(users).where(eq(users.id, claims.userId));
      if (!user || user.status !== 'active' || user.tokenVersion !== claims.version) throw unauthorised();
      request.user = user;
    };

    const auth: AuthService = {
      async issueAccess(user) {
        return { access_token: await signAccessToken(secret, { userId: user.id, version: user.tokenVersion }, ttl), expires_in: ttl };
      },
      authenticate,
      requirePermission(...names) {
        return async (request) => {
          if (!request.user) await authenticate(request);
          request.permissionNames ??= await permissionsOf(app, request.user!.id);
          if (!names.some((n) => request.permissionNames!.has(n))) throw httpError(403, serverMessages.access_denied);
        };
      },
      setRefreshCookie(reply, issued) {
        reply.setCookie(REFRESH_COOKIE, issued.token, {
          path: '/api',
          httpOnly: true,
          sameSite: 'strict',
          secure: app.config.secureCookies,
          // Without remember-me a session cookie: it goes when the browser closes.
          ...(issued.remember ? { expires: issued.expiresAt } : {}),
        });
      },
      clearRefreshCookie(reply) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure: app.config.secureCookies });
      },
    };
    app.decorate('auth', auth);
  },
  { name: 'auth', dependencies: ['db'] },
);
