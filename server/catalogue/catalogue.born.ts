/**
 * Stages born in the editor (issue 56; server/catalogue/README.md, "Born stages"): a stage staff
 * create from nothing, with no file in schemas/stages/. It exists as rows of the catalogue's own
 * tables: its shared draft (`stage_drafts`) until its first publish, then its versions
 * (`stage_versions`, starting at 1). Every instance reads them from PostgreSQL: a stage born on
 * one instance is known at once to all (nothing here is kept in a process).
 */
import { desc, eq, notInArray } from 'drizzle-orm';
import { baseCatalogue, stageFiles } from '../../engine';
import type { Db, Tx } from '../db/database';
import { stageDrafts, stageVersions, type StageLabels } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import type { NewStageBody } from '../../contract/born-stages';

/** True for a stage shipped as a file (its version 1 is the file, never stored). */
export const isShipped = (slug: string): boolean => baseCatalogue.bySlug.has(slug);

/** The version a stage is on before anything was published: 1 (its file) when shipped, 0 (none) when born. */
export const unpublishedVersion = (slug: string): number => (isShipped(slug) ? 1 : 0);

/** A stage of the catalogue as the editor's calls need it. */
export interface CatalogueStage {
  slug: string;
  title: string;
  audience: string;
  order: number;
  born: boolean;
  /** Its current file: the newest published version, a born stage's draft before its first publish, or the shipped file. */
  file: Record<string, unknown>;
  /** The texts of that file (none for a shipped file: they are in locales/). */
  labels: StageLabels;
}

type StageFile = { slug?: unknown; title?: unknown; audience?: unknown; order?: unknown };

function describe(slug: string, file: Record<string, unknown>, born: boolean, labels: StageLabels = {}): CatalogueStage {
  const f = file as StageFile;
  return {
    slug,
    title: typeof f.title === 'string' ? f.title : `configurator:stages.${slug}.title`,
    audience: f.audience === 'internal' ? 'internal' : 'dealer',
    order: typeof f.order === 'number' ? f.order : 0,
    born,
    file,
    labels,
  };
}

const shippedSlugs = () => Object.keys(stageFiles);

/**
 * Every born stage, published or not, sorted by place then slug: the newest published file of
 * each, else its draft's file. Read from the database on every call.
 */
export async function bornStages(db: Db | Tx): Promise<CatalogueStage[]> {
  const [published, drafts] = await Promise.all([
    db
      .selectDistinctOn([stageVersions.slug], { slug: stageVersions.slug, file: stageVersions.file, labels: stageVersions.labels })
      .from(stageVersions)
      .where(notInArray(stageVersions.slug, shippedSlugs()))
      .orderBy(stageVersions.slug, desc(stageVersions.version)),
    db.select({ slug: stageDrafts.slug, file: stageDrafts.file, labels: stageDrafts.labels }).from(stageDrafts).where(notInArray(stageDrafts.slug, shippedSlugs())),
  ]);
  const found = new Map<string, CatalogueStage>();
  // A broken draft (not an object) still names its stage: the editor must be able to open it.
  for (const d of drafts) found.set(d.slug, describe(d.slug, d.file && typeof d.file === 'object' ? (d.file as Record<string, unknown>) : {}, true, d.labels));
  for (const p of published) found.set(p.slug, describe(p.slug, p.file, true, p.labels));
  return [...found.values()].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/** One stage of the catalogue, shipped or born (null: neither). */
export async function catalogueStageOf(db: Db | Tx, slug: string): Promise<CatalogueStage | null> {
  if (isShipped(slug)) {
    const [newest] = await db.select({ file: stageVersions.file }).from(stageVersions).where(eq(stageVersions.slug, slug)).orderBy(desc(stageVersions.version)).limit(1);
    const s = baseCatalogue.bySlug.get(slug)!;
    return { slug, title: s.title, audience: s.audience, order: s.order, born: false, file: newest?.file ?? (stageFiles[slug] as Record<string, unknown>), labels: {} };
  }
  const [published] = await db.select({ file: stageVersions.file }).from(stageVersions).where(eq(stageVersions.slug, slug)).orderBy(desc(stageVersions.version)).limit(1);
  if (published) return describe(slug, published.file, true);
  const [draft] = await db.select({ file: stageDrafts.file }).from(stageDrafts).where(eq(stageDrafts.slug, slug));
  if (!draft) return null;
  return describe(slug, draft.file && typeof draft.file === 'object' ? (draft.file as Record<string, unknown>) : {}, true);
}

/** The stage, or 404 in the catalogue's words. */
export async function knownCatalogueStage(db: Db | Tx, slug: string): Promise<CatalogueStage> {
  const stage = await catalogueStageOf(db, slug);
  if (!stage) throw new NotFound(serverMessages.catalogue.unknown_stage);
  return stage;
}

/** The sections a stage may be placed in: those the shipped stages use (their titles are in every locale). */
export const STAGE_SECTIONS: readonly string[] = [...new Set(baseCatalogue.stages.map((s) => s.section))].sort();

/** The minimal valid stage file a born stage starts from: no fields yet, required after the company's details. */
export function bornStageFile(body: NewStageBody): Record<string, unknown> {
  return {
    slug: body.slug,
    title: `configurator:stages.${body.slug}.title`,
    section: body.section,
    order: body.order,
    requires: ['company-information'],
    audience: body.audience,
    required: body.required,
    schema: { type: 'object', properties: {} },
    uiSchema: {},
    rules: [],
    checks: [],
    defaults: {},
  };
}

/** The draft's labels: the title in each locale given (blank ones left out: they fall back to English). */
function titleLabels(slug: string, titles: Record<string, string>): StageLabels {
  const key = `stages.${slug}.title`;
  return Object.fromEntries(
    Object.entries(titles)
      .map(([locale, text]) => [locale, text.trim()] as const)
      .filter(([, text]) => text)
      .map(([locale, text]) => [locale, { [key]: text }]),
  );
}

/**
 * POST /stage-catalogue: a new stage's shared draft, from the minimal file. Refused: a shipped
 * slug or one already born (409), no English title or an unknown section (422). Two creations of
 * one slug at once: the draft's primary key lets one win, the other is the 409.
 */
export async function createBornStage(db: Db, viewer: Viewer, body: NewStageBody): Promise<{ slug: string }> {
  const slug = body.slug;
  const taken = (detail: string) => new Conflict(detail, [{ detail, field: 'slug' }]);
  if (isShipped(slug)) throw taken(interpolate(serverMessages.catalogue.born.slug_shipped, { slug }));
  if (!STAGE_SECTIONS.includes(body.section)) {
    const detail = serverMessages.catalogue.born.unknown_section;
    throw new Invalid(detail, [{ detail, field: 'section' }]);
  }
  if (!body.title['en-GB']?.trim()) {
    const detail = serverMessages.catalogue.born.title_required;
    throw new Invalid(detail, [{ detail, field: 'title/en-GB' }]);
  }
  const [published] = await db.select({ slug: stageVersions.slug }).from(stageVersions).where(eq(stageVersions.slug, slug)).limit(1);
  if (published) throw taken(interpolate(serverMessages.catalogue.born.slug_taken, { slug }));
  const inserted = await db
    .insert(stageDrafts)
    .values({ slug, file: bornStageFile(body), labels: titleLabels(slug, body.title), baseVersion: 0, revision: 1, updatedBy: viewer.id })
    .onConflictDoNothing()
    .returning({ slug: stageDrafts.slug });
  if (!inserted.length) throw taken(interpolate(serverMessages.catalogue.born.slug_taken, { slug }));
  return { slug };
}
