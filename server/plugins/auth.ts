import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { permissionSet, type Permission } from '../../contract/permissions';
import type { users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Forbidden, Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { accessTokenVerifier, deriveKey, loadJwtSecret, signAccessToken, successorToken } from '../auth/auth.tokens';
import { sessionUser, type IssuedRefresh } from '../auth/auth.sessions';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user as services see them: tenancy's Viewer (id, permission names) and their name. */
export interface SignedInViewer extends Viewer {
  name: string;
}

export interface AuthService {
  /** `{access_token, expires_in}` for a user in a session, with the user's current token version. */
  issueAccess(user: Pick<UserRow, 'id' | 'tokenVersion'>, session: Pick<IssuedRefresh, 'sessionId'>): Promise<{ access_token: string; expires_in: number }>;
  /**
   * preHandler: a valid bearer token of an active user whose session is live and whose token
   * version still matches; sets request.user and request.viewer.
   */
  authenticate: preHandlerAsyncHookHandler;
  /** The refresh token that follows `parent` (same for every caller: see rotateSession). */
  successorOf(parent: string): string;
  /** preHandler: authenticate, then require one of the named permissions (403 'No Access.'). */
  requirePermission(...names: Permission[]): preHandlerAsyncHookHandler;
  setRefreshCookie(reply: FastifyReply, issued: IssuedRefresh): void;
  clearRefreshCookie(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The signed-in user's row, set by auth.authenticate. */
    user: UserRow | null;
    /**
     * The signed-in viewer (id, name, permission names), set by auth.authenticate: what routes
     * hand to services, so no route builds it again. Null until authenticate ran; a handler behind
     * `authenticate` or `requirePermission` reads it as `request.viewer!`.
     */
    viewer: SignedInViewer | null;
    /**
     * The access token the request came with, set by auth.authenticate: its session, the user's
     * token version it carries and when it expires (epoch ms). A server-sent event stream ends
     * when its token expires or its session ends (server/presence/).
     */
    access: { sessionId: string; version: number; expiresAt: number } | null;
  }
}

export const REFRESH_COOKIE = 'portal_refresh';

/** JWT access tokens and the refresh cookie; every authenticated request re-reads the user. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { jwtSecret?: string }) => {
    const secret = await loadJwtSecret(app.db, opts.jwtSecret);
    const successorKey = deriveKey(secret, 'refresh-token-successor');
    const ttl = app.config.accessTokenTtl;
    const verifyAccessToken = accessTokenVerifier(secret);
    app.decorateRequest('user', null);
    app.decorateRequest('viewer', null);
    app.decorateRequest('access', null);

    const unauthorised = () => new Unauthorized(serverMessages.unauthorised);

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorised();
      const claims = await verifyAccessToken(match[1]);
      if (!claims) throw unauthorised();
      // Checked on every request, so logout, a replayed refresh token, a password change or
      // disabling the user stops the token at once, on every instance. The answer is kept while
      // the sign-in tables have not changed, or until the session's expiry (server/db/read-cache.ts
      // readAuth): each of those events is a write to them, so it takes effect on the next request.
      // sessionUser reads only the tables readAuth counts.
      const found = await app.database.reads.readAuth(
        request,
        `session:${claims.sessionId}:${claims.userId}:${claims.version}`,
        async () => {
          const row = await sessionUser(app.db, claims);
          if (!row) return null;
          // The viewer is built once per kept answer and shared by the requests it serves (never mutated).
          const viewer: SignedInViewer = Object.freeze({ id: row.user.id, name: row.user.name, permissions: permissionSet(row.permissionNames) });
          return { user: Object.freeze(row.user), viewer, expiresAt: row.expiresAt.getTime() };
        },
        (row) => row?.expiresAt ?? 0,
      );
      if (!found) throw unauthorised();
      request.user = found.user;
      request.viewer = found.viewer;
      request.access = { sessionId: claims.sessionId, version: claims.version, expiresAt: claims.expiresAt };
    };

    const auth: AuthService = {
      async issueAccess(user, session) {
        const claims = { userId: user.id, version: user.tokenVersion, sessionId: session.sessionId };
        return { access_token: await signAccessToken(secret, claims, ttl), expires_in: ttl };
      },
      authenticate,
      successorOf: (parent) => successorToken(successorKey, parent),
      requirePermission(...names) {
        return async (request) => {
          if (!request.user || !request.viewer) await authenticate(request);
          if (!names.some((n) => request.viewer!.permissions.has(n))) throw new Forbidden(serverMessages.access_denied);
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
