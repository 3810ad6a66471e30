/**
 * The stage catalogue's reads and writes (server/catalogue/README.md): the versions of each stage
 * (1 = its file in schemas/stages/, later ones published by staff and stored whole; a stage born in
 * the editor has no file, and its version 1 is stored too: catalogue.born.ts), one shared
 * draft per stage guarded by its revision, publish and rollback refused while the engine's
 * publishProblems finds anything, and the diff between two versions.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import diff from 'microdiff';
import { stageCatalogue, stageFiles } from '../../engine';
import type { Db } from '../db/database';
import { stageDrafts, stageVersions, users, type StageLabels } from '../db/schema';
import { isUniqueViolation } from '../db/pg-errors';
import type { Viewer } from '../db/tenancy';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import { missingTranslations } from './catalogue.translations';
import { stageWork } from './catalogue.compile';
import { failingCaseDetails } from './catalogue.test-report';
import { draftTestResults } from './catalogue.test-results';
import { bornStages, knownCatalogueStage, unpublishedVersion } from './catalogue.born';
import { compileDraft, compileVersion, loadVersion, pinCounts, storeModule, UnpublishedVersion, validatorPath } from './catalogue.versions';
import type { EditableStage, Published, StageDiff, StageDraft, StageVersion, StageVersionSummary } from '../../contract/catalogue';


export interface DraftBody {
  file: unknown;
  labels?: StageLabels;
  /** The draft's revision the editor loaded; absent or 0 when it starts a new draft. */
  revision?: number;
}
export interface PublishBody {
  note: string;
  revision: number;
}
export interface RollbackBody {
  version: number;
  note: string;
}

/** The built-in file of a stage: version 1. */
const builtIn = (slug: string) => stageFiles[slug] as Record<string, unknown>;

/** A shipped stage or one born in the editor (catalogue.born.ts, read from the database); 404 otherwise. */
const knownStage = (db: Db, slug: string) => knownCatalogueStage(db, slug);

/** sha-256 of the file and its texts as stored: the address a browser caches the version's validator by. */
const hashOf = (file: unknown, labels: StageLabels) => createHash('sha256').update(JSON.stringify({ file, labels })).digest('hex');


const personOf = (userId: number | null, name: string | null) => (userId === null ? null : { id: userId, name });

/** The newest published version of each stage (absent: version 1). */
async function currentVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ slug: stageVersions.slug, version: sql<number>`max(${stageVersions.version})` }).from(stageVersions).groupBy(stageVersions.slug);
  return new Map(rows.map((r) => [r.slug, Number(r.version)]));
}

/** The newest published version of one stage (1: none published). */
export async function currentVersionOf(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ version: sql<number | null>`max(${stageVersions.version})` }).from(stageVersions).where(eq(stageVersions.slug, slug));
  return Number(row?.version ?? unpublishedVersion(slug));
}

/** The current file of every stage, for the checks that look across stages (rule targets, cycles). */
async function currentFiles(db: Db): Promise<Map<string, Record<string, unknown>>> {
  const files = new Map(stageCatalogue.map((s) => [s.slug, builtIn(s.slug)]));
  const newest = await db
    .selectDistinctOn([stageVersions.slug], { slug: stageVersions.slug, file: stageVersions.file })
    .from(stageVersions)
    .orderBy(stageVersions.slug, desc(stageVersions.version));
  for (const r of newest) files.set(r.slug, r.file);
  return files;
}

/**
 * The file's problems as a 422's details (the pointer the message names is the field) and, with
 * `tests` and none found, the results of every stage's test cases with it in place. Checked in the
 * worker thread (catalogue.compile.ts): a hostile file costs its own request only.
 */
async function checkedFile(file: unknown, others: Map<string, Record<string, unknown>>, slug: string, tests: boolean) {
  const catalogue = [...others].filter(([s]) => s !== slug).map(([, f]) => f);
  const done = await stageWork({ file, catalogue, tests });
  const problems = done.problems.map((detail) => {
    // A colon inside a pointer is a key's (`/uiSchema/x/ui:options`); one before a space ends it.
    const pointer = /(?:^|\s)(\/(?:[^\s:]|:(?=\S))*)/.exec(detail)?.[1];
    return pointer ? { detail, field: pointer } : { detail };
  });
  return { problems, tests: done.tests ?? [] };
}

/**
 * The test cases a publish of `file` (a draft, or a version the upgrade plans) runs: its own and
 * every other current stage's, with the file in place (catalogue.test-cases.ts). In the worker
 * thread. Empty when the file has problems (its cases cannot run safely).
 */
export async function testCasesOf(db: Db, slug: string, file: unknown) {
  return (await checkedFile(file, await currentFiles(db), slug, true)).tests;
}

/** GET /stage-catalogue: every stage with its current version, configs per version and its draft. */
export async function listCatalogue(db: Db) {
  const [versions, pinned, drafts] = await Promise.all([
    currentVersions(db),
    pinCounts(db),
    db.select({ slug: stageDrafts.slug, revision: stageDrafts.revision, updatedAt: stageDrafts.updatedAt, userId: stageDrafts.updatedBy, userName: users.name }).from(stageDrafts).leftJoin(users, eq(users.id, stageDrafts.updatedBy)),
  ]);
  const draftOf = new Map(drafts.map((d) => [d.slug, d]));
  // Stages born in the editor beside the shipped ones, in place order (a born one has no version until published).
  const all = [...stageCatalogue, ...(await bornStages(db))].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return all.map((s) => {
    const d = draftOf.get(s.slug);
    const current = versions.get(s.slug) ?? unpublishedVersion(s.slug);
    const perVersion = Array.from({ length: current }, (_, i) => ({ version: i + 1, configs: pinned.get(`${s.slug}@${i + 1}`) ?? 0 }));
    return {
      slug: s.slug,
      title: s.title,
      audience: s.audience,
      version: current,
      versions: perVersion,
      configs: perVersion.reduce((n, v) => n + v.configs, 0),
      draft: d ? { revision: d.revision, updated_by: personOf(d.userId, d.userName), updated_at: d.updatedAt.toISOString() } : null,
      ...('born' in s ? { born: true, section: String(s.file.section ?? ''), order: s.order, labels: s.labels } : {}),
    };
  });
}

async function draftAnswer(db: Db, slug: string): Promise<StageDraft | null> {
  const [d] = await db
    .select({ draft: stageDrafts, userName: users.name })
    .from(stageDrafts)
    .leftJoin(users, eq(users.id, stageDrafts.updatedBy))
    .where(eq(stageDrafts.slug, slug));
  if (!d) return null;
  const others = await currentFiles(db);
  // The test cases run with the checks, in the same worker task, as a publish would run them.
  const { problems, tests } = await checkedFile(d.draft.file, others, slug, true);
  // A draft that could be published gets its validators, for the editor's preview.
  const preview = problems.length ? null : await compileDraft(db, d.draft.file).catch(() => null);
  return {
    file: d.draft.file,
    labels: d.draft.labels,
    base_version: d.draft.baseVersion,
    revision: d.draft.revision,
    updated_by: personOf(d.draft.updatedBy, d.userName),
    updated_at: d.draft.updatedAt.toISOString(),
    problems,
    missing_translations: missingTranslations(d.draft.file, d.draft.labels),
    validator: preview?.validator ?? null,
    validator_key: preview?.key ?? null,
    test_results: problems.length ? null : draftTestResults(tests),
  };
}

/** GET /stage-catalogue/{slug}. */
export async function getEditableStage(db: Db, slug: string): Promise<EditableStage> {
  const stage = await knownStage(db, slug);
  const rows = await db
    .select({ v: stageVersions, userName: users.name })
    .from(stageVersions)
    .leftJoin(users, eq(users.id, stageVersions.publishedBy))
    .where(eq(stageVersions.slug, slug))
    .orderBy(desc(stageVersions.version));
  const pinned = await pinCounts(db);
  // A born stage's version 1 is a stored row like the others: only a shipped file is added.
  const first: StageVersionSummary[] = stage.born ? [] : [{ version: 1, note: '', published_by: null, published_at: null, rolled_back_to: null, hash: hashOf(builtIn(slug), {}), configs: pinned.get(`${slug}@1`) ?? 0 }];
  const versions: StageVersionSummary[] = [
    ...rows.map((r) => ({
      version: r.v.version,
      note: r.v.note,
      published_by: personOf(r.v.publishedBy, r.userName),
      published_at: r.v.publishedAt.toISOString(),
      rolled_back_to: r.v.rolledBackTo,
      hash: r.v.hash,
      configs: pinned.get(`${slug}@${r.v.version}`) ?? 0,
    })),
    ...first,
  ];
  const newest = rows[0]?.v;
  return {
    slug,
    title: stage.title,
    version: newest?.version ?? unpublishedVersion(slug),
    file: newest?.file ?? stage.file,
    labels: newest?.labels ?? {},
    versions,
    draft: await draftAnswer(db, slug),
  };
}

/** One version whole (1 is the built-in file). */
async function versionOf(db: Db, slug: string, version: number): Promise<{ file: Record<string, unknown>; labels: StageLabels; row?: typeof stageVersions.$inferSelect }> {
  const stage = await knownStage(db, slug);
  if (version === 1 && !stage.born) return { file: builtIn(slug), labels: {} };
  const [row] = await db.select().from(stageVersions).where(and(eq(stageVersions.slug, slug), eq(stageVersions.version, version)));
  if (!row) throw new NotFound(serverMessages.catalogue.unknown_version);
  return { file: row.file, labels: row.labels, row };
}

/** GET /stage-catalogue/{slug}/versions/{version}. */
export async function getStageVersion(db: Db, slug: string, version: number): Promise<StageVersion> {
  const { file, labels, row } = await versionOf(db, slug, version);
  const [publisher] = row?.publishedBy ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.publishedBy)) : [];
  return {
    slug,
    version,
    file,
    labels,
    note: row?.note ?? '',
    published_by: row?.publishedBy ? { id: row.publishedBy, name: publisher?.name ?? null } : null,
    published_at: row?.publishedAt.toISOString() ?? null,
    rolled_back_to: row?.rolledBackTo ?? null,
    hash: row?.hash ?? hashOf(file, labels),
    configs: (await pinCounts(db)).get(`${slug}@${version}`) ?? 0,
  };
}

/**
 * POST /stage-catalogue/{slug}/check: what would stop a file's publish, the texts it lacks and its
 * test cases' results (every stage's, with the file in place, as its publish runs them), without saving it: the editor asks as staff type (the browser cannot run the linter: it compiles
 * schemas, which the app's CSP forbids).
 */
export async function checkFile(db: Db, slug: string, body: { file: unknown; labels?: StageLabels }) {
  await knownStage(db, slug);
  const labels = body.labels ?? {};
  const { problems, tests } = await checkedFile(body.file, await currentFiles(db), slug, true);
  return { problems, missing_translations: missingTranslations(body.file, labels), test_results: problems.length ? null : draftTestResults(tests) };
}

/**
 * GET /stage-versions/{slug}/{version}: what a browser needs to show a config pinned to a published
 * version: its file, its texts and where its validators are. Any signed-in user: a stage file
 * holds no company's data, and a dealer's config may be pinned to any version.
 */
export async function pinnedStageVersion(db: Db, slug: string, version: number) {
  await knownStage(db, slug);
  // A shipped stage's version 1 is the app's own file: nothing to read (a born stage's is stored).
  const loading = loadVersion(db, slug, version);
  const v = loading && (await loading.catch((err: unknown) => {
    if (err instanceof UnpublishedVersion) return null;
    throw err;
  }));
  if (!v) throw new NotFound(serverMessages.catalogue.unknown_version);
  return { slug, version, key: v.definition.key, file: v.file, labels: v.labels, validator: v.validator };
}

/**
 * PUT /stage-catalogue/{slug}/draft: saves the draft as sent (a draft may be broken: its problems
 * come back with it). A new draft starts from the current version; an existing one moves only from
 * the revision the editor loaded (one UPDATE ... WHERE revision, so two editors cannot both win).
 */
export async function saveDraft(db: Db, viewer: Viewer, slug: string, body: DraftBody): Promise<StageDraft & { message: string }> {
  await knownStage(db, slug);
  const labels = body.labels ?? {};
  if (!body.revision) {
    const base = (await currentVersions(db)).get(slug) ?? unpublishedVersion(slug);
    const inserted = await db
      .insert(stageDrafts)
      .values({ slug, file: body.file, labels, baseVersion: base, revision: 1, updatedBy: viewer.id })
      .onConflictDoNothing()
      .returning({ slug: stageDrafts.slug });
    if (!inserted.length) throw new Conflict(serverMessages.catalogue.draft_moved, [{ detail: serverMessages.catalogue.draft_moved, field: 'revision' }]);
  } else {
    const updated = await db
      .update(stageDrafts)
      .set({ file: body.file, labels, revision: sql`${stageDrafts.revision} + 1`, updatedBy: viewer.id, updatedAt: new Date() })
      .where(and(eq(stageDrafts.slug, slug), eq(stageDrafts.revision, body.revision)))
      .returning({ slug: stageDrafts.slug });
    if (!updated.length) throw new Conflict(serverMessages.catalogue.draft_moved, [{ detail: serverMessages.catalogue.draft_moved, field: 'revision' }]);
  }
  return { ...(await draftAnswer(db, slug))!, message: serverMessages.catalogue.draft_saved };
}

/** DELETE /stage-catalogue/{slug}/draft?revision: the draft is dropped (the versions stay as they are). */
export async function discardDraft(db: Db, slug: string, revision: number) {
  await knownStage(db, slug);
  const gone = await db.delete(stageDrafts).where(and(eq(stageDrafts.slug, slug), eq(stageDrafts.revision, revision))).returning({ slug: stageDrafts.slug });
  if (!gone.length) {
    const [exists] = await db.select({ slug: stageDrafts.slug }).from(stageDrafts).where(eq(stageDrafts.slug, slug));
    if (!exists) throw new NotFound(serverMessages.catalogue.no_draft);
    throw new Conflict(serverMessages.catalogue.draft_moved, [{ detail: serverMessages.catalogue.draft_moved, field: 'revision' }]);
  }
  return { message: serverMessages.catalogue.draft_discarded };
}

/**
 * Stores `file` as the next version, refused (422, each problem with its pointer) while
 * publishProblems finds any or a test case fails (each failing case a detail).
 */
async function publishFile(db: Db, viewer: Viewer, slug: string, file: unknown, labels: StageLabels, note: string, extra: { rolledBackTo?: number; draftRevision?: number }) {
  if (!note.trim()) throw new Invalid(serverMessages.catalogue.note_required, [{ detail: serverMessages.catalogue.note_required, field: 'note' }]);
  if ((file as { slug?: unknown } | null)?.slug !== slug) {
    const detail = interpolate(serverMessages.catalogue.slug_changed, { slug });
    throw new Invalid(serverMessages.catalogue.not_publishable, [{ detail, field: '/slug' }]);
  }
  const { problems, tests } = await checkedFile(file, await currentFiles(db), slug, true);
  if (problems.length) throw new Invalid(serverMessages.catalogue.not_publishable, problems);
  // Test cases (issue 56): the file's and every other stage's, judged with the file in place.
  const failing = failingCaseDetails(tests, slug);
  if (failing.length) throw new Invalid(interpolate(serverMessages.catalogue.tests_failed, { count: failing.length }), failing);
  // A born stage's first publish is its version 1 (it has no file).
  const version = ((await currentVersions(db)).get(slug) ?? unpublishedVersion(slug)) + 1;
  const hash = hashOf(file, labels);
  // Its validators are compiled (and served) before the version exists: a config pinned to it
  // never waits for them, and a schema ajv cannot compile is refused here with ajv's words.
  let module: string;
  try {
    module = (await compileVersion(file, labels, version)).hash;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new Invalid(serverMessages.catalogue.not_publishable, [{ detail, field: '/schema' }]);
  }
  try {
    await db.transaction(async (tx) => {
      // Stored with the version: any instance serves it to the browsers of configs pinned to it.
      await storeModule(tx, module, false);
      if (extra.draftRevision !== undefined) {
        // The draft published is the one the editor saw: a save in between moved its revision.
        const gone = await tx.delete(stageDrafts).where(and(eq(stageDrafts.slug, slug), eq(stageDrafts.revision, extra.draftRevision))).returning({ slug: stageDrafts.slug });
        if (!gone.length) throw new Conflict(serverMessages.catalogue.draft_moved, [{ detail: serverMessages.catalogue.draft_moved, field: 'revision' }]);
      }
      await tx.insert(stageVersions).values({ slug, version, file: file as Record<string, unknown>, labels, note: note.trim(), hash, rolledBackTo: extra.rolledBackTo ?? null, publishedBy: viewer.id });
    });
  } catch (err) {
    // Two publishes of the same stage at once: the second finds its version number taken.
    if (isUniqueViolation(err)) throw new Conflict(serverMessages.catalogue.version_taken, [{ detail: serverMessages.catalogue.version_taken, field: 'version' }]);
    throw err;
  }
  return { slug, version, hash, validator: validatorPath(module) };
}

/** POST /stage-catalogue/{slug}/publish {note, revision}: the draft as the next version. */
export async function publishDraft(db: Db, viewer: Viewer, slug: string, body: PublishBody): Promise<Published> {
  await knownStage(db, slug);
  const [draft] = await db.select().from(stageDrafts).where(eq(stageDrafts.slug, slug));
  if (!draft) throw new NotFound(serverMessages.catalogue.no_draft);
  if (draft.revision !== body.revision) throw new Conflict(serverMessages.catalogue.draft_moved, [{ detail: serverMessages.catalogue.draft_moved, field: 'revision' }]);
  const made = await publishFile(db, viewer, slug, draft.file, draft.labels, body.note, { draftRevision: body.revision });
  // Only a born stage is ever published as version 1 (a shipped one's is its file): its first publish, with nothing before it.
  const message = made.version === 1 ? serverMessages.catalogue.born.first_published : interpolate(serverMessages.catalogue.published, { version: made.version });
  return { ...made, message };
}

/** POST /stage-catalogue/{slug}/rollback {version, note}: an older version published again as the next one. */
export async function rollbackStage(db: Db, viewer: Viewer, slug: string, body: RollbackBody): Promise<Published> {
  const { file, labels } = await versionOf(db, slug, body.version);
  const made = await publishFile(db, viewer, slug, file, labels, body.note, { rolledBackTo: body.version });
  return { ...made, message: interpolate(serverMessages.catalogue.rolled_back, { from: body.version, version: made.version }) };
}

/** JSON pointer of a microdiff path. */
const pointer = (path: Array<string | number>) => `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** GET /stage-catalogue/{slug}/diff?from&to: every value added, removed or changed, by its pointer in the file. */
export async function diffVersions(db: Db, slug: string, from: number, to: number): Promise<StageDiff> {
  const [a, b] = await Promise.all([versionOf(db, slug, from), versionOf(db, slug, to)]);
  const changes = diff({ file: a.file, labels: a.labels }, { file: b.file, labels: b.labels }).map((c) => {
    const path = pointer(c.path);
    if (c.type === 'CREATE') return { op: 'add' as const, path, new: c.value };
    if (c.type === 'REMOVE') return { op: 'remove' as const, path, old: c.oldValue };
    return { op: 'change' as const, path, old: c.oldValue, new: c.value };
  });
  return { slug, from, to, changes };
}
