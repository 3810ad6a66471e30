/**
 * Stage values that name other records (fields a stage file marks `"refersTo": "<kind>"`, engine/
 * stages/references-fields.ts), checked against the database before a stage write is stored (the
 * engine sees only the config, never the media library, the users or the showcases):
 *
 * - `logo`: a media library file the config's company may use (a shared one or its own) that meets
 *   the spec's logo rule (section 5: JPEG, PNG or PDF; 500-900 px wide and high; a PDF has no pixel
 *   size to check), e.g. the design stage's `branding.logo`;
 * - `companyUser`: a user of the config's company (the key contact's portal account);
 * - `showcase`: a published showcase post, by guid.
 *
 * Only a value the write changes is checked, so a stage holding an older value (a file since
 * deleted) can still be saved for its other fields; the readers treat a missing file as no logo.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companyUsers, media, posts } from '../db/schema';
import { stageReferenceFields, withCatalogue, type Catalogue, type ReferenceKind } from '../../engine';
import { Invalid, type ErrorDetail } from '../domain-errors';
import { LOGO, MIME } from '../media/media.content';
import { interpolate, serverMessages } from '../messages';

/** The logo rule (spec section 5) as the media upload applies it: the same kinds and sizes. */
const LOGO_MIMES: string[] = LOGO.kinds.map((kind) => MIME[kind]);

const at = (data: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

async function logoProblem(db: Db, companyId: number, guid: unknown, field: string): Promise<ErrorDetail | null> {
  const detail = { detail: interpolate(serverMessages.configs.logo_invalid, { min: LOGO.minWidth, max: LOGO.maxWidth }), field };
  // The schema already holds it to a uuid; anything else (a link) is no media file.
  if (typeof guid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid)) return detail;
  const [file] = await db
    .select({ mime: media.mime, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.guid, guid.toLowerCase()), or(isNull(media.companyId), eq(media.companyId, companyId))));
  if (!file || !LOGO_MIMES.includes(file.mime)) return detail;
  if (file.mime === 'application/pdf') return null;
  const fits = (n: number | null, min: number, max: number) => n !== null && n >= min && n <= max;
  return fits(file.width, LOGO.minWidth, LOGO.maxWidth) && fits(file.height, LOGO.minHeight, LOGO.maxHeight) ? null : detail;
}

async function userProblem(db: Db, companyId: number, userId: unknown, field: string): Promise<ErrorDetail | null> {
  const detail = { detail: serverMessages.configs.unknown_user, field };
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) return detail;
  const [member] = await db.select({ id: companyUsers.userId }).from(companyUsers).where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  return member ? null : detail;
}

async function showcaseProblem(db: Db, _companyId: number, guid: unknown, field: string): Promise<ErrorDetail | null> {
  const detail = { detail: serverMessages.configs.unknown_showcase, field };
  if (typeof guid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid)) return detail;
  const [post] = await db.select({ id: posts.id }).from(posts).where(and(eq(posts.guid, guid.toLowerCase()), eq(posts.postStatus, 'published')));
  return post ? null : detail;
}

/** One check per `refersTo` kind (engine/stages/references-fields.ts): the problem with a value, or null. */
const CHECKS: Record<ReferenceKind, (db: Db, companyId: number, value: unknown, field: string) => Promise<ErrorDetail | null>> = {
  logo: logoProblem,
  companyUser: userProblem,
  showcase: showcaseProblem,
};

/**
 * Refuses (422, the error shape) a stage write that changes a `refersTo` field (declared in the stage
 * file) to a record the config's company may not use. `before` and `after` are the stage's data as
 * stored and as written; `catalogue` the config's stage versions (a version may add such a field).
 * @example await checkStageReferences(db, company.id, 'design', stored, written, config.catalogue)
 */
export async function checkStageReferences(db: Db, companyId: number, slug: string, before: unknown, after: unknown, catalogue: Catalogue | undefined): Promise<void> {
  const problems: ErrorDetail[] = [];
  for (const { path, kind } of withCatalogue(catalogue, () => stageReferenceFields(slug))) {
    const value = at(after, ...path);
    if (!filled(value) || value === at(before, ...path)) continue;
    const problem = await CHECKS[kind](db, companyId, value, `/${path.join('/')}`);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
}
