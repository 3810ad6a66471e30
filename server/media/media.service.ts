/**
 * The media library: uploads stored in the database (bytes and thumbnail in the `media` row, so every
 * instance serves every file), listed per tenancy, served by guid.
 *
 * Tenancy: staff who see every company (db/tenancy.ts) see and manage every file. Anyone else
 * sees the files of their own companies plus the shared ones (company_id null: the provider's
 * library), and may upload to and delete from their own companies only, never the shared library.
 *
 * "Shared" means published to every signed-in user who may view media: a file with no company,
 * unless the showcase posts that use it are all unpublished. Such a file (`unpublishedOnly`) is
 * the provider's work in progress: listed and served to staff only (`seesUnpublished`) until a
 * post using it is published. Who may open which file by its address: media/media.access.ts.
 */
import { and, between, count, eq, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { companies, companyMeta, media, postMedia, posts, users } from '../db/schema';
import { BadRequest, Forbidden, NotFound, Invalid } from '../domain-errors';
import { likePattern, pageOf, simpleRest, type Page, type SimpleRestQuery } from '../http/simple-rest';
import { interpolate, serverMessages } from '../messages';
import { LOGO_KEY } from '../companies/companies.fields';
import { LOGO, MAX_FILES, MEDIA_MIMES, MIME, processUpload, type Processed } from './media.content';
import { currentCompanyOf, inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import type { MediaItem } from '../../contract/media';
import { GUID_PATTERN, whereKey } from '../http/ids';

const rest = simpleRest(serverMessages.media.bad_query);

/** One file as every answer lists it (never its bytes): the contract's shape (contract/media.ts), the app's too. */
export type { MediaItem };

/** The file and thumbnail addresses of a guid (under /api, unauthenticated: see media/media.routes.ts). */
export const fileUrl = (guid: string) => `/api/media/${guid}/file`;
export const thumbnailUrl = (guid: string) => `/api/media/${guid}/thumbnail`;

const columns = {
  id: media.id,
  guid: media.guid,
  filename: media.filename,
  mime: media.mime,
  size: media.size,
  width: media.width,
  height: media.height,
  alt: media.alt,
  companyId: media.companyId,
  hasThumbnail: sql<boolean>`${media.thumbnail} IS NOT NULL`.mapWith(Boolean),
  createdAt: media.createdAt,
};
type Row = {
  id: number; guid: string; filename: string; mime: string; size: number; width: number | null; height: number | null;
  alt: string | null; companyId: number | null; hasThumbnail: boolean; createdAt: Date;
};

function itemOf(row: Row): MediaItem {
  return {
    id: row.id,
    guid: row.guid,
    filename: row.filename,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    company_id: row.companyId,
    url: fileUrl(row.guid),
    thumbnail_url: row.hasThumbnail ? thumbnailUrl(row.guid) : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** The items of some files by id (a showcase post's images), in the one shape every answer uses; gone ids are left out. */
export async function mediaItemsById(db: Db | Tx, ids: number[]): Promise<Map<number, MediaItem>> {
  if (!ids.length) return new Map();
  const rows = await db.select(columns).from(media).where(inArray(media.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, itemOf(row)]));
}

/** The viewer's company as tenancy holds them to it: their current one (db/tenancy.ts). */
const ownCompanies = (viewer: Viewer) => sql`SELECT ${currentCompanyOf(viewer.id)}`;

// A logo is stored as its guid; a value from before logos were checked may be anything, so it is cast only when it is one.

/**
 * The file is some company's logo (company meta `logo`). A logo is shown wherever its company is
 * (dashboards, lists, the company form), so it is public by nature, whoever uploaded it.
 */
export const isLogo = sql<boolean>`EXISTS (SELECT 1 FROM ${companyMeta} lcm WHERE lcm.meta_key = ${LOGO_KEY} AND CASE WHEN lcm.meta_value ~* ${GUID_PATTERN} THEN lcm.meta_value::uuid END = ${media.guid})`;

/**
 * The file is some user's avatar (users.avatar holds its file address, users/users.avatar.ts). An
 * avatar is shown wherever its user is (contacts on a dealer's dashboard, the top bar), so it is
 * public by nature, like a logo, whoever uploaded it.
 */
export const isAvatar = sql<boolean>`EXISTS (SELECT 1 FROM ${users} au WHERE au.avatar = '/api/media/' || ${media.guid}::text || '/file')`;

/**
 * A shared file that showcase posts use (featured or in a gallery) and none of them is published:
 * an image chosen for a draft. `bool_and` over the statuses of the posts using the file is null
 * when no post uses it (an ordinary shared file), false once one of them is published.
 */
const onlyDraftsUse = sql<boolean>`(${media.companyId} IS NULL AND COALESCE((SELECT bool_and(up.post_status <> 'published') FROM (
  SELECT fp.post_status FROM ${posts} fp WHERE fp.featured_media_id = ${media.id}
  UNION ALL SELECT gp.post_status FROM ${postMedia} gpm INNER JOIN ${posts} gp ON gp.id = gpm.post_id WHERE gpm.media_id = ${media.id}
) up), false))`;

/** Listed to staff only: a file only draft posts use, unless it is a logo (shown with its company already). */
export const unpublishedOnly = sql<boolean>`(${onlyDraftsUse} AND NOT ${isLogo})`;

/**
 * Who sees files only unpublished posts use: staff who see the whole library (every company), and
 * whoever may edit posts (they see the drafts themselves: posts/posts.service.ts seesDrafts).
 */
export const seesUnpublished = (viewer: Viewer) => seesAllCompanies(viewer) || viewer.permissions.has('edit posts');

/**
 * What the viewer may see: everything, or their companies' files and the shared ones (without
 * the unpublished-only ones unless the viewer may see those).
 */
export function mediaScope(viewer: Viewer): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  const shared = seesUnpublished(viewer) ? isNull(media.companyId) : and(isNull(media.companyId), not(unpublishedOnly));
  return or(shared, sql`${media.companyId} IN (${ownCompanies(viewer)})`);
}

/** What the viewer may delete: everything, or their own companies' files (not the shared ones). */
function writeScope(viewer: Viewer): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  return sql`${media.companyId} IN (${ownCompanies(viewer)})`;
}

export interface MediaFilter {
  q?: string;
  mime?: string[];
  id?: number[];
  company_id?: number[];
  /** Files this company may use (a logo): shared ones and its own; 'new' for a company not yet created (shared ones only). */
  usable_by?: number | 'new';
  /** Only files that meet the logo rule (spec section 5): JPEG, PNG or PDF, 500-900 px wide and high (a PDF has no size). */
  logo?: boolean;
}

const SORTABLE = { id: media.id, filename: media.filename, mime: media.mime, size: media.size, width: media.width, created_at: media.createdAt };
const FILTER_KEYS = ['q', 'mime', 'id', 'company_id', 'usable_by', 'logo'];
/** `mime` filter values: a detected type, or `image` for every image type. */
const MIME_FILTERS = [...MEDIA_MIMES, 'image'] as const;

/** The logo rule as SQL: the kinds, and the size of an image (the stage's logo check, server/configs/configs.references.ts, says the same). */
const meetsLogoRule = or(
  eq(media.mime, MIME.pdf),
  and(
    inArray(media.mime, [MIME.jpeg, MIME.png]),
    between(media.width, LOGO.minWidth, LOGO.maxWidth),
    between(media.height, LOGO.minHeight, LOGO.maxHeight),
  ),
);

function conditions(viewer: Viewer, f: MediaFilter): SQL | undefined {
  return and(
    mediaScope(viewer),
    f.q ? ilike(media.filename, likePattern(f.q)) : undefined,
    f.mime ? inArray(media.mime, f.mime) : undefined,
    f.id ? inArray(media.id, f.id) : undefined,
    f.company_id ? inArray(media.companyId, f.company_id) : undefined,
    f.usable_by === undefined ? undefined : f.usable_by === 'new' ? isNull(media.companyId) : or(isNull(media.companyId), eq(media.companyId, f.usable_by)),
    f.logo ? meetsLogoRule : undefined,
  );
}

async function query(db: Db, viewer: Viewer, f: MediaFilter, order: SQL[], range: { start: number; end: number }): Promise<Page<MediaItem>> {
  const where = conditions(viewer, f);
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(media).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(media).where(where),
  ]);
  return pageOf(rows.map(itemOf), total, range);
}

/** `usable_by`: one company id, or 'new'. */
function usableBy(value: unknown): number | 'new' | undefined {
  if (value === 'new') return value;
  const ids = rest.ids(value, 'usable_by');
  if (ids && ids.length !== 1) throw rest.bad('filter.usable_by');
  return ids?.[0];
}

/** `logo`: true for the files that meet the logo rule; false or absent for every file. */
function logoFilter(value: unknown): boolean | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return true;
  throw rest.bad('filter.logo');
}

/** GET /media (ra-data-simple-rest): newest first unless sorted; filter {q, mime, id, company_id, usable_by, logo}. */
export async function listMedia(db: Db, viewer: Viewer, q: SimpleRestQuery): Promise<Page<MediaItem>> {
  const raw = rest.filter(q.filter, FILTER_KEYS);
  const mime = rest.oneOf(raw, 'mime', MIME_FILTERS);
  const filter: MediaFilter = {
    q: rest.search(raw.q, 'filter.q'),
    mime: mime === 'image' ? MEDIA_MIMES.filter((t) => t.startsWith('image/')) : mime ? [mime] : undefined,
    id: rest.ids(raw.id, 'id'),
    company_id: rest.ids(raw.company_id, 'company_id'),
    usable_by: usableBy(raw.usable_by),
    logo: logoFilter(raw.logo),
  };
  return query(db, viewer, filter, rest.sort(q.sort, SORTABLE, ['created_at', 'DESC'], media.id), rest.range(q.range, [0, 29]));
}

/** POST /media/page (spec section 7): {page, perPage (30), q?} -> {media: {results}, total}, newest first. */
export async function mediaPage(db: Db, viewer: Viewer, body: { page?: number; perPage?: number; q?: string }) {
  const perPage = body.perPage ?? 30;
  const start = ((body.page ?? 1) - 1) * perPage;
  const page = await query(db, viewer, { q: body.q?.trim() || undefined }, rest.sort(undefined, SORTABLE, ['created_at', 'DESC'], media.id), { start, end: start + perPage - 1 });
  return { media: { results: page.items }, total: page.total, page: body.page ?? 1, perPage };
}

/**
 * An image of the library the viewer sees (mediaScope), by id or guid, in the one answer shape; null
 * when there is none (gone, another company's, a PDF). What a user's avatar is picked from.
 */
export async function visibleImage(db: Db | Tx, viewer: Viewer, key: string | number): Promise<MediaItem | null> {
  const found = whereKey(key, media.id, media.guid);
  if (!found) return null;
  const [row] = await db.select(columns).from(media).where(and(found, sql`${media.mime} LIKE 'image/%'`, mediaScope(viewer)));
  return row ? itemOf(row) : null;
}

/**
 * One file's row (with its bytes) by guid, or 404; with what decides who may open it
 * (media/media.access.ts): its company, whether only draft posts use it, whether it is a logo or an avatar.
 */
export async function mediaFile(db: Db, guid: string, which: 'file' | 'thumbnail') {
  const [row] = await db
    .select({
      guid: media.guid,
      filename: media.filename,
      mime: media.mime,
      data: which === 'file' ? media.data : media.thumbnail,
      companyId: media.companyId,
      // Wrapped: mapWith sets the decoder on the SQL object itself, and these are shared. Whether
      // it is a logo is asked only when it matters (company_meta has no index on the value).
      onlyDrafts: sql<boolean>`${onlyDraftsUse}`.mapWith(Boolean),
      logoOrAvatar: sql<boolean>`CASE WHEN ${media.companyId} IS NOT NULL OR ${onlyDraftsUse} THEN ${isLogo} OR ${isAvatar} ELSE false END`.mapWith(Boolean),
    })
    .from(media)
    .where(eq(media.guid, guid));
  if (!row?.data) throw new NotFound(serverMessages.not_found);
  return { ...row, data: row.data, mime: which === 'file' ? row.mime : 'image/webp' };
}

/**
 * Which company an upload belongs to. Staff choose any company or none (shared, the default);
 * anyone else uploads to their current company (db/tenancy.ts), named or not.
 */
async function uploadCompany(db: Db, viewer: Viewer, requested: number | null | undefined): Promise<number | null> {
  const unknown = () => new Invalid(serverMessages.media.unknown_company, [{ detail: serverMessages.media.unknown_company, field: 'company_id' }]);
  if (seesAllCompanies(viewer)) {
    if (requested === undefined || requested === null) return null;
    const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, requested));
    if (!found) throw unknown();
    return found.id;
  }
  const [own] = await db.select({ id: companies.id }).from(companies).where(inCurrentCompany(viewer.id, companies.id));
  if (!own) throw new Forbidden(serverMessages.access_denied);
  if (requested === undefined || requested === null) return own.id;
  if (own.id !== requested) throw unknown();
  return requested;
}

export interface UploadFile {
  filename: string | undefined;
  data: Buffer;
}

/**
 * Checks every file first and stores them together: one refused file means none is written, and
 * the answer says which file and why.
 */
export async function uploadMedia(
  db: Db,
  viewer: Viewer,
  files: UploadFile[],
  opts: { purpose?: 'logo'; companyId?: number | null },
): Promise<{ message: string; media: MediaItem[] }> {
  if (files.length === 0) throw new BadRequest(serverMessages.media.no_file, [{ detail: serverMessages.media.no_file, field: 'file' }]);
  if (files.length > MAX_FILES) {
    const text = interpolate(serverMessages.media.too_many_files, { max: MAX_FILES });
    throw new BadRequest(text, [{ detail: text, field: 'file' }]);
  }
  const companyId = await uploadCompany(db, viewer, opts.companyId);
  const processed: Processed[] = [];
  // One at a time: sharp already uses both cores for one image, and peak memory stays one image.
  // The name is cleaned there (media.content.ts fileName): controls, bidirectional controls, folders.
  for (const file of files) processed.push(await processUpload(file.data, file.filename, opts.purpose));
  const rows = await db
    .insert(media)
    .values(processed.map((p) => ({ filename: p.filename, mime: p.mime, size: p.data.length, width: p.width, height: p.height, data: p.data, thumbnail: p.thumbnail, companyId, uploadedBy: viewer.id })))
    .returning({ id: media.id });
  const stored = await db.select(columns).from(media).where(inArray(media.id, rows.map((r) => r.id))).orderBy(media.id);
  return { message: serverMessages.media.uploaded, media: stored.map(itemOf) };
}

/** DELETE /media/{id} (id or guid), within what the viewer may delete; else 404. */
export async function deleteMedia(db: Db, viewer: Viewer, key: string) {
  const match = whereKey(key, media.id, media.guid);
  if (!match) throw new NotFound(serverMessages.not_found);
  const [row] = await db.delete(media).where(and(match, writeScope(viewer))).returning({ id: media.id, guid: media.guid, filename: media.filename });
  if (!row) throw new NotFound(serverMessages.not_found);
  return { ...row, message: serverMessages.media.deleted };
}
