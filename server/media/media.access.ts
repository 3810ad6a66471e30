/**
 * Who may open a media file by its address (GET /media/{guid}/file and /thumbnail), per kind of file:
 *
 * | kind                                   | opened by                                           |
 * |----------------------------------------|-----------------------------------------------------|
 * | a company's logo (company meta `logo`) | anyone with the address (a capability URL)          |
 * | or a user's avatar (users.avatar)      |                                                     |
 * | shared, published (no company; no post | anyone with the address                             |
 * | uses it, or a published one does)      |                                                     |
 * | shared, unpublished-only (only draft   | a session of staff who see unpublished files        |
 * | posts use it)                          | (media.ts seesUnpublished)                          |
 * | a company's own upload (not its logo)  | a session of a member of that company, or of staff  |
 * |                                        | who see every company (tenancy.ts)                  |
 *
 * Anything else is the same 404 as a guid that does not exist, so an address says nothing about a
 * file its holder may not open. A capability URL is enough for what is public by nature: the
 * random guid (122 bits) is only learnt from an answer the viewer may see. Files private by nature
 * need the session too, because an address leaks (a forwarded link, browser history, a log) and
 * outlives the holder's right to it (someone who left the company, a post taken back to draft).
 *
 * The session comes from the bearer token when the request has one (API clients), else from the
 * refresh cookie: the app shows files in <img> tags, which send same-origin cookies but no
 * Authorization header, and the refresh cookie (path /api, httpOnly, SameSite=Strict) already goes
 * with every API request. It is only read here, never rotated, and it counts only while its
 * session, user and token are live (the checks of a refresh, without the refresh). No front-end
 * change and no signed URL were needed: a signed, expiring address would have to be minted per
 * viewer into every list and post answer, which the read cache keeps as shared bytes.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyUsers, refreshTokens, users } from '../db/schema';
import { DomainError, NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { REFRESH_COOKIE } from '../plugins/auth';
import { mediaFile, seesUnpublished } from './media.service';
import { permissionSet } from '../../contract/permissions';
import { REUSE_GRACE_MS, sessionUser } from '../auth/auth.sessions';
import { inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import { hashToken } from '../auth/auth.tokens';

/** How a served file may be cached: `public` ones by address for good; `session` ones checked again on every use. */
export type FileAccess = 'public' | 'session';

/** The viewer of the refresh cookie, or null: a live token (not rotated, or within the reuse grace) of a live session of an active user. */
async function cookieViewer(app: FastifyInstance, request: FastifyRequest): Promise<Viewer | null> {
  const token = request.cookies[REFRESH_COOKIE];
  if (!token) return null;
  const tokenHash = hashToken(token);
  // Kept like the bearer token's session check (plugins/auth.ts): until the database changes
  // (a logout, a rotation, a disabled user are all writes) or the session or grace ends.
  const found = await app.database.reads.read(
    request,
    `file-session:${tokenHash}`,
    async () => {
      const [row] = await app.db
        .select({ userId: refreshTokens.userId, sessionId: refreshTokens.familyId, version: users.tokenVersion, rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            gt(refreshTokens.expiresAt, sql`now()`),
            // A rotated token is the browser's previous cookie: fine for the few seconds two tabs race, then a replay.
            or(isNull(refreshTokens.rotatedAt), gt(refreshTokens.rotatedAt, sql`now() - make_interval(secs => ${REUSE_GRACE_MS / 1000})`)),
          ),
        );
      const session = row && (await sessionUser(app.db, row));
      if (!row || !session) return null;
      const graceEnds = row.rotatedAt ? new Date(row.rotatedAt).getTime() + REUSE_GRACE_MS : Number.POSITIVE_INFINITY;
      return { viewer: { id: session.user.id, permissions: permissionSet(session.permissionNames) }, until: Math.min(session.expiresAt.getTime(), graceEnds) };
    },
    (value) => value?.until ?? 0,
  );
  return found?.viewer ?? null;
}

/** The signed-in viewer of a file request, or null: the bearer token if there is one and it is valid, else the refresh cookie. */
export async function fileViewer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
  if (request.headers.authorization) {
    try {
      await app.auth.authenticate.call(app, request, reply);
      if (request.viewer) return request.viewer;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return cookieViewer(app, request);
}

/** The file's company is the viewer's current company (tenancy, db/tenancy.ts). */
async function isMember(app: FastifyInstance, viewer: Viewer, companyId: number): Promise<boolean> {
  const rows = await app.db.select({ id: companyUsers.companyId }).from(companyUsers).where(and(eq(companyUsers.userId, viewer.id), eq(companyUsers.companyId, companyId), inCurrentCompany(viewer.id, companyUsers.companyId)));
  return rows.length > 0;
}

/** The file if this request may open it (the table above), with how it may be cached; else 404. */
export async function openMediaFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, guid: string, which: 'file' | 'thumbnail') {
  const file = await mediaFile(app.db, guid, which);
  const { logoOrAvatar, onlyDrafts, companyId, ...served } = file;
  if (logoOrAvatar || (companyId === null && !onlyDrafts)) return { ...served, access: 'public' as FileAccess };
  const viewer = await fileViewer(app, request, reply);
  const allowed = viewer !== null && (companyId === null ? seesUnpublished(viewer) : seesAllCompanies(viewer) || (await isMember(app, viewer, companyId)));
  if (!allowed) throw new NotFound(serverMessages.not_found);
  return { ...served, access: 'session' as FileAccess };
}
