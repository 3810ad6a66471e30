/**
 * Published stage versions as the engine runs them (server/catalogue/README.md, "Pinned configs"):
 * each version's definition, its texts, and its validators, and the catalogue a config's pins make.
 *
 * A version's validators are compiled once per process by the engine's generator
 * (`stageValidatorModule`, the code ajv's standalone mode writes, as for the shipped stages), in a
 * worker thread under time and memory limits (catalogue.compile.ts). The server evaluates that
 * module's text as an ES module (a data: URL import), runs its validators under a time limit
 * (catalogue.time-limit.ts), and serves the very same text to browsers at
 * `/stage-validators/{hash}.js` (`script-src 'self'`: the CSP is not loosened), so the server and
 * the browser judge a dealer's data with the same code.
 *
 * Any instance serves any module (issue 53): the text is stored by its hash (`stage_modules`) as
 * it is made, and an instance that has not made it reads it from there. What is kept in this
 * process (the versions loaded, the modules made, the drafts compiled) is keyed by what it was
 * made from (a version's content, a text's hash), so it can never answer for something else.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  addConfiguratorTexts,
  forgetStageValidators,
  baseCatalogue,
  catalogueWith,
  engineT,
  hasConfiguratorText,
  instantiateValidators,
  registerStageValidators,
  stageDefinitionFromFile,
  stageFiles,
  type Catalogue,
  type StageDefinition,
} from '../../engine';
import type { Db, Tx } from '../db/database';
import { stageModules, stageVersions, type StageLabels } from '../db/schema';
import { stageWork } from './catalogue.compile';
import { importValidatorModule } from './catalogue.compile-task';
import { timeLimited } from './catalogue.time-limit';

/** A config's pins: slug -> a published version (2, 3, ...; a born stage's from 1); a shipped stage not named is on version 1. */
export type StagePins = Record<string, number>;

export interface LoadedVersion {
  slug: string;
  version: number;
  /** The file as published (what the browser builds its definition from). */
  file: Record<string, unknown>;
  definition: StageDefinition;
  labels: StageLabels;
  /** Where browsers load its validators: `/stage-validators/<hash>.js`, the hash of the module's text. */
  validator: string;
}

/** A published version a caller named that does not exist (the routes answer 404). */
export class UnpublishedVersion extends Error {}

/** 12 hex digits of a file's content: a key names what it was made from. */
const contentOf = (file: unknown) => createHash('sha256').update(JSON.stringify(file)).digest('hex').slice(0, 12);

/** The address of a validator module (under the API prefix). */
export const validatorPath = (hash: string) => `/stage-validators/${hash}.js`;

/** Versions read so far, per database (tests run several servers in one process; so may a tool). */
const loadedByDb = new WeakMap<object, Map<string, Promise<LoadedVersion>>>();
/** Module texts this process made, by hash (others are read from `stage_modules`). */
const modules = new Map<string, string>();
/** Drafts' modules kept in `stage_modules` for the editors' previews, the newest first. */
const STORED_DRAFTS = 200;

/**
 * Compiles a stage file's validators (the module text), evaluates them and registers them with the
 * engine under the definition's key; adds its texts. Deterministic: the same file gives the same
 * text and hash. What publishing costs (the budget: under 1 s with the serving).
 */
export async function compileVersion(file: unknown, labels: StageLabels, version: number): Promise<{ definition: StageDefinition; hash: string }> {
  // The engine's key names the version AND its content: two databases (or a rollback) may give one
  // version number different files, and the engine's registries are per process.
  const slug = (file as { slug?: string }).slug;
  const definition = stageDefinitionFromFile(file, { version, key: `${slug}@${version}-${contentOf(file)}` });
  const hash = await compileModule(file, definition);
  addConfiguratorTexts(labels);
  return { definition, hash };
}

/**
 * A definition's validator module: generated in the worker thread, evaluated as an ES module (a
 * data: URL: the text the browser gets, run as it is), its validators registered under a time
 * limit, its text kept for serving. Its hash. Throws when the worker could not make it (the
 * message says why: time, memory).
 */
async function compileModule(file: unknown, definition: StageDefinition): Promise<string> {
  const made = await stageWork({ file, compile: { version: definition.version, key: definition.key } });
  if (!made.module) throw new Error(made.problems.join(' ') || 'The validators could not be made.');
  const text = made.module;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
  if (!modules.has(hash)) {
    registerStageValidators(timeLimited(instantiateValidators(await importValidatorModule(text))));
    modules.set(hash, text);
  }
  return hash;
}

/** Drafts compiled for the editor's preview, oldest first: a draft changes with every save. */
const drafts = new Map<string, { key: string; hash: string }>();
const MAX_DRAFTS = 50;

/**
 * Stores a module made here under its hash, for the instances that did not make it. A version's
 * module is kept for good (also when a draft's of the same text was stored first); a draft's is
 * one of the newest STORED_DRAFTS.
 */
export async function storeModule(db: Db | Tx, hash: string, draft: boolean): Promise<void> {
  const text = modules.get(hash);
  if (text === undefined) return;
  if (!draft) {
    await db.insert(stageModules).values({ hash, text, draft }).onConflictDoUpdate({ target: stageModules.hash, set: { draft: false } });
    return;
  }
  const [added] = await db.insert(stageModules).values({ hash, text, draft }).onConflictDoNothing().returning({ hash: stageModules.hash });
  if (!added) return;
  const newest = db.select({ hash: stageModules.hash }).from(stageModules).where(eq(stageModules.draft, true)).orderBy(desc(stageModules.createdAt)).limit(STORED_DRAFTS);
  await db.delete(stageModules).where(and(eq(stageModules.draft, true), notInArray(stageModules.hash, newest)));
}

/**
 * A draft's validators, for the editor's live preview (the browser cannot compile under its CSP):
 * compiled as a publish would, under the key `<slug>@draft-<content hash>`, and served like a
 * version's. Only the latest MAX_DRAFTS drafts are kept in this process.
 * @example const { key, validator } = await compileDraft(db, file); // the preview imports `/api${validator}`
 */
export async function compileDraft(db: Db | Tx, file: unknown): Promise<{ key: string; validator: string }> {
  const key = `${(file as { slug?: string }).slug}@draft-${contentOf(file)}`;
  const known = drafts.get(key);
  if (known) return { key, validator: validatorPath(known.hash) };
  const hash = await compileModule(file, stageDefinitionFromFile(file, { version: 0, key }));
  await storeModule(db, hash, true);
  drafts.set(key, { key, hash });
  if (drafts.size > MAX_DRAFTS) {
    const [oldKey, oldest] = drafts.entries().next().value!;
    drafts.delete(oldKey);
    modules.delete(oldest.hash);
    forgetStageValidators(oldest.key);
  }
  return { key, validator: validatorPath(hash) };
}

/** The text of a validator module by its hash, made here or by another instance (undefined: unknown). */
export async function validatorModuleText(db: Db, hash: string): Promise<string | undefined> {
  const made = modules.get(hash);
  if (made !== undefined) return made;
  const [row] = await db.select({ text: stageModules.text }).from(stageModules).where(eq(stageModules.hash, hash));
  return row?.text;
}

/**
 * A published version, ready for the engine (its validators registered). Version 1 of a shipped
 * stage is its file (null: nothing to load); a stage born in the editor has no file, so its
 * version 1 is read like any other. Made once per process: a version never changes.
 */
export function loadVersion(db: Db | Tx, slug: string, version: number): Promise<LoadedVersion> | null {
  if (version < 1 || (version === 1 && baseCatalogue.bySlug.has(slug))) return null;
  const id = `${slug}@${version}`;
  let loaded = loadedByDb.get(db);
  if (!loaded) loadedByDb.set(db, (loaded = new Map()));
  const cache = loaded;
  let p = cache.get(id);
  if (!p) {
    p = (async () => {
      const [row] = await db
        .select({ file: stageVersions.file, labels: stageVersions.labels })
        .from(stageVersions)
        .where(and(eq(stageVersions.slug, slug), eq(stageVersions.version, version)));
      if (!row) throw new UnpublishedVersion(`Stage version ${id} is not published.`);
      const { definition, hash } = await compileVersion(row.file, row.labels, version);
      // Published before modules were stored, or stored by an instance whose write was lost.
      await storeModule(db, hash, false);
      return { slug, version, file: row.file, definition, labels: row.labels, validator: validatorPath(hash) };
    })();
    // A failed load (the database away) is tried again by the next request.
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}

/**
 * The published versions a config's pins name (a shipped stage's version 1 is not listed). A
 * stage born in the editor is in a config only through its pin (it has no file). A pin of a
 * stage that is neither shipped nor published is left out, as an unknown slug always was.
 */
export async function pinnedVersions(db: Db | Tx, pins: StagePins | null | undefined): Promise<LoadedVersion[]> {
  const loads = Object.entries(pins ?? {}).map(([slug, v]) => {
    const loading = loadVersion(db, slug, v);
    if (!loading || baseCatalogue.bySlug.has(slug)) return loading;
    return loading.catch((err: unknown) => {
      if (err instanceof UnpublishedVersion) return null;
      throw err;
    });
  });
  return (await Promise.all(loads)).filter((v): v is LoadedVersion => !!v);
}

/**
 * The catalogue a config's pins make (the shipped one when it names no later version): its
 * snapshot carries it, and the engine judges and cascades the config's writes with it.
 */
export async function pinnedCatalogue(db: Db | Tx, pins: StagePins | null | undefined): Promise<Catalogue | undefined> {
  if (!pins || Object.keys(pins).length === 0) return undefined;
  const versions = await pinnedVersions(db, pins);
  return versions.length ? catalogueWith(versions.map((v) => v.definition)) : undefined;
}

/**
 * A stage as a config with these pins has it (a born stage's own version, a later version of a
 * shipped one, else the shipped file), or undefined when the config's catalogue has no such stage.
 * For the areas that check a stage a request names (presence, comments) without running the engine.
 */
export async function stageOfConfig(db: Db | Tx, pins: StagePins | null | undefined, slug: string): Promise<StageDefinition | undefined> {
  return (await catalogueOfConfig(db, pins)).bySlug.get(slug);
}

/** The whole catalogue a config with these pins runs with (the shipped one when it pins nothing later). */
export async function catalogueOfConfig(db: Db | Tx, pins: StagePins | null | undefined): Promise<Catalogue> {
  return (await pinnedCatalogue(db, pins)) ?? baseCatalogue;
}

/** Names a config's stage in a reader's language: (locale, slug) -> its title. */
export type StageNamer = (locale: string, slug: string) => string;

/**
 * A stage's title in `locale`: the version's own labels first (a born stage's title is only
 * there, and the process's texts are not versioned: another version's labels added since must not
 * answer for this one), then the portal's texts (locales/), then the version's English title.
 * Undefined without a definition.
 */
export function stageTitleIn(definition: StageDefinition | undefined, labels: StageLabels | undefined, locale: string): string | undefined {
  if (!definition) return undefined;
  const key = definition.title.replace(/^configurator:/, '');
  return labels?.[locale]?.[key] ?? (hasConfiguratorText(locale, key) ? engineT(locale)(definition.title) : (labels?.['en-GB']?.[key] ?? engineT(locale)(definition.title)));
}

/**
 * The catalogue a config with these pins runs with, and the titles of its stages in any reader's
 * language (notifications, mails): each stage as the config has it (a born stage's own version and
 * labels), its slug when the catalogue has no such stage. Read per call: the versions are cached
 * (per database handle: call it with the app's `db`, not a transaction's, or they are loaded again).
 */
export async function configCatalogueOf(db: Db | Tx, pins: StagePins | null | undefined): Promise<{ catalogue: Catalogue; title: StageNamer }> {
  const versions = await pinnedVersions(db, pins);
  const catalogue = versions.length ? catalogueWith(versions.map((v) => v.definition)) : baseCatalogue;
  const labels = new Map(versions.map((v) => [v.slug, v.labels]));
  return { catalogue, title: (locale, slug) => stageTitleIn(catalogue.bySlug.get(slug), labels.get(slug), locale) ?? slug };
}

/** The titles of a config's stages alone (`configCatalogueOf`). */
export async function stageNamer(db: Db | Tx, pins: StagePins | null | undefined): Promise<StageNamer> {
  return (await configCatalogueOf(db, pins)).title;
}

/**
 * The newest published version of every stage that has one: what a new config is pinned to, and a
 * stage added to a config later.
 */
export async function currentPins(db: Db | Tx): Promise<StagePins> {
  const rows = await db
    .selectDistinctOn([stageVersions.slug], { slug: stageVersions.slug, version: stageVersions.version })
    .from(stageVersions)
    .orderBy(stageVersions.slug, desc(stageVersions.version));
  return Object.fromEntries(rows.map((r) => [r.slug, r.version]));
}

/** How many configs are pinned to each version of each stage (`slug@version`), for the catalogue's counts. */
export async function pinCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.execute<{ slug: string; version: number; n: number }>(sql`
    SELECT s.slug, COALESCE((c.stage_versions->>s.slug)::int, 1) AS version, count(*)::int AS n
    FROM configs c, unnest(c.stages) AS s(slug)
    GROUP BY 1, 2`);
  const list = ((rows as { rows?: unknown[] }).rows ?? rows) as Array<{ slug: string; version: number; n: number }>;
  return new Map(list.map((r) => [`${r.slug}@${Number(r.version)}`, Number(r.n)]));
}

/**
 * Stages born in the editor (catalogue.born.ts; README "Born stages"), as configs use them: the
 * newest published version of one (null: shipped, or never published).
 */
export async function newestBornVersion(db: Db | Tx, slug: string): Promise<number | null> {
  if (baseCatalogue.bySlug.has(slug)) return null;
  const [row] = await db.select({ version: sql<number | null>`max(${stageVersions.version})` }).from(stageVersions).where(eq(stageVersions.slug, slug));
  return row?.version == null ? null : Number(row.version);
}

/**
 * The newest version of every published born stage, as the engine runs it (validators
 * registered): what GET /configs/stages offers beside the shipped stages. Each version is loaded
 * once per process (a version never changes); which stages there are is read every time.
 */
export async function publishedBornDefinitions(db: Db | Tx): Promise<Array<{ definition: StageDefinition; labels: StageLabels }>> {
  const rows = await db
    .selectDistinctOn([stageVersions.slug], { slug: stageVersions.slug, version: stageVersions.version })
    .from(stageVersions)
    .where(notInArray(stageVersions.slug, Object.keys(stageFiles)))
    .orderBy(stageVersions.slug, desc(stageVersions.version));
  const loaded = await Promise.all(rows.map((r) => loadVersion(db, r.slug, r.version)!));
  return loaded.map((v) => ({ definition: v.definition, labels: v.labels }));
}

/**
 * Every stage a new config may start with, in the configurator's order: the shipped ones and the
 * newest version of each published born stage (server/configs/configs.stage-sets.ts decides which).
 */
export async function newConfigStages(db: Db | Tx): Promise<StageDefinition[]> {
  const born = (await publishedBornDefinitions(db)).map((b) => b.definition);
  return [...baseCatalogue.stages, ...born].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}
