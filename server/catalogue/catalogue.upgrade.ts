/**
 * Moving configs to a later version of a stage (server/catalogue/README.md, "Upgrading configs").
 * Configs keep the versions they started with; staff upgrade them explicitly, after a dry run that
 * says for each config whether its data fits the new version, which fields are new, and what would
 * no longer validate. The upgrade is a stage write through the engine's `writeStage` under the new
 * version (validation, cascades, the revision in history), stored with the config's new pin in the
 * same statement. Nothing is dropped: data the new version would refuse stops that config's
 * upgrade, with the reasons.
 */
import { and, sql } from 'drizzle-orm';
import { MANAGE_CONFIGS, baseCatalogue, getStage, stageFiles, withCatalogue, type FieldError, type StageState } from '../../engine';
import type { Db } from '../db/database';
import { configs } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Invalid, NotFound } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { findConfig } from '../configs/configs.service';
import { runEngine } from '../configs/configs.write';
import { storeManyStageWrites } from '../configs/configs.write-many';
import type { LoadedConfig } from '../configs/configs.types';
import { loadVersion, pinnedCatalogue, type StagePins } from './catalogue.versions';
import { currentVersionOf, testCasesOf } from './catalogue.service';
import { isShipped } from './catalogue.born';
import type { CatalogueTestResult } from './catalogue.test-cases';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

/** What an upgrade would do to one config. */
export type UpgradeOutcome =
  /** Its data validates under the new version as it is (or it has none yet). */
  | 'fits'
  /** Only values the new version requires are missing: the stage goes back to the dealer as a draft. */
  | 'needs_input'
  /** Some data would no longer validate (a type, a format, a key the version no longer has): not upgraded. */
  | 'invalid';

export interface UpgradeRow {
  id: number;
  guid: string;
  name: string;
  company: { id: number; name: string };
  from: number;
  state: StageState;
  outcome: UpgradeOutcome;
  /** What the new version says of the data (field: JSON pointer in the stage's data). */
  errors: Array<{ detail: string; field?: string }>;
}

export interface UpgradePlan {
  slug: string;
  to: number;
  /** Fields the new version has that the configs' versions lack (JSON pointers into the stage data), per from-version. */
  new_fields: Record<string, string[]>;
  /** Fields the configs' versions have that the new one no longer has. */
  removed_fields: Record<string, string[]>;
  configs: UpgradeRow[];
  /** The test cases of the version and of every other stage, run with the version in place (as its publish did). */
  tests: CatalogueTestResult[];
}

/** Keys the engine's messages mean "not filled in yet" by (validateStage's draft mode drops them). */
const COMPLETENESS = new Set(['validation:field.required', 'validation:field.requiredIf']);

/** Every property pointer a stage schema defines (objects and list items), for "which fields are new". */
function fieldPointers(schema: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const defs = (schema.definitions ?? {}) as Record<string, Record<string, unknown>>;
  const walk = (node: Record<string, unknown> | undefined, at: string, depth: number) => {
    if (!node || depth > 16) return;
    const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    if (ref) return walk(defs[ref], at, depth + 1);
    for (const [name, sub] of Object.entries((node.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      out.add(`${at}/${name}`);
      walk(sub, `${at}/${name}`, depth + 1);
    }
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) walk(node.items as Record<string, unknown>, `${at}/*`, depth + 1);
  };
  walk(schema, '', 0);
  return out;
}

/** The config's pins with `slug` moved to `to` (a shipped stage's version 1 is not written: it is the default; a born stage's is). */
function pinsWith(pins: StagePins, slug: string, to: number): StagePins {
  const next = { ...pins };
  if (to <= 1 && isShipped(slug)) delete next[slug];
  else next[slug] = to;
  return next;
}

/** Staff acting for the catalogue: every config with the stage, whatever the company (see the README). */
const asCatalogue = (viewer: Viewer): Viewer => ({ ...viewer, permissions: new Set([...viewer.permissions, MANAGE_CONFIGS]) });

/**
 * The engine's verdict on one config's stage data under version `to`: written in memory as the
 * upgrade would write it, never stored.
 */
async function judge(deps: Deps, viewer: Viewer, loaded: LoadedConfig, slug: string, to: number) {
  const pins = pinsWith(loaded.row.stageVersions, slug, to);
  const catalogue = (await pinnedCatalogue(deps.db, pins)) ?? baseCatalogue;
  const state = (loaded.snapshot.states[slug] ?? 'draft') as StageState;
  const data = loaded.snapshot.doc[slug];
  const config = { ...loaded.snapshot, catalogue };
  if (data === undefined) return { pins, config, state, outcome: 'fits' as const, errors: [] as FieldError[], write: null };
  // New top-level parts of the stage start from the new version's defaults; everything the
  // config holds is kept as it is and judged.
  const defaults = withCatalogue(catalogue, () => getStage(slug).defaults);
  const merged = { ...defaults, ...data };
  // The company's region (findConfig reads it with the config): the new version's `visibleIf` may read it as `$company`.
  const context = { region: loaded.company.region ?? null };
  const attempt = (to: StageState) =>
    runEngine(deps, { config, slug, data: merged, state: to, action: 'save', permissions: [...viewer.permissions], baseVersion: config.version, context });
  const r = attempt(state);
  if (r.ok) return { pins, config, state, outcome: 'fits' as const, errors: [], write: r };
  const errors = r.errors;
  const onlyMissing = r.status === 422 && errors.every((e) => COMPLETENESS.has(e.key));
  if (onlyMissing && state === 'submitted') {
    // Only the new required values are missing: the dealer is asked for them (staff may return a
    // submitted stage to a draft). A completed stage must be re-submitted, never returned to a
    // draft (engine/lifecycle/transitions.ts): it is not upgraded until the values are there.
    const back = attempt('draft');
    if (back.ok) return { pins, config, state, outcome: 'needs_input' as const, errors, write: back };
    return { pins, config, state, outcome: 'invalid' as const, errors: back.errors, write: null };
  }
  return { pins, config, state, outcome: 'invalid' as const, errors, write: null };
}

/** Configs that have the stage and are pinned to another version than `to`. */
async function configsToUpgrade(db: Db, slug: string, to: number) {
  return db
    .select({ id: configs.id })
    .from(configs)
    .where(and(sql`${slug} = ANY(${configs.stages})`, sql`COALESCE((${configs.stageVersions}->>${slug})::int, 1) <> ${to}`))
    .orderBy(configs.id);
}

async function checkTarget(deps: Deps, slug: string, to: number) {
  const current = await currentVersionOf(deps.db, slug);
  if (to < 1 || to > current) throw new NotFound(serverMessages.catalogue.unknown_version);
  await loadVersion(deps.db, slug, to);
}

/**
 * GET /stage-catalogue/{slug}/upgrade?to=N: the dry run. Per config on another version: what the
 * new version says of its data. Nothing is written.
 */
export async function upgradeDryRun(deps: Deps, viewer: Viewer, slug: string, to: number): Promise<UpgradePlan> {
  await checkTarget(deps, slug, to);
  const staff = asCatalogue(viewer);
  const rows: UpgradeRow[] = [];
  const fromVersions = new Set<number>();
  for (const { id } of await configsToUpgrade(deps.db, slug, to)) {
    const loaded = await findConfig(deps, staff, String(id));
    const from = loaded.row.stageVersions[slug] ?? 1;
    fromVersions.add(from);
    const j = await judge(deps, staff, loaded, slug, to);
    rows.push({
      id: loaded.row.id,
      guid: loaded.row.guid,
      name: loaded.row.name,
      company: { id: loaded.company.id, name: loaded.company.name },
      from,
      state: j.state,
      outcome: j.outcome,
      errors: j.errors.map((e) => ({ detail: e.message, ...(e.path ? { field: e.path } : {}) })),
    });
  }
  const target = fieldPointers((await definitionOf(deps, slug, to)).schema as Record<string, unknown>);
  const new_fields: Record<string, string[]> = {};
  const removed_fields: Record<string, string[]> = {};
  for (const from of fromVersions) {
    const had = fieldPointers((await definitionOf(deps, slug, from)).schema as Record<string, unknown>);
    new_fields[from] = [...target].filter((p) => !had.has(p));
    removed_fields[from] = [...had].filter((p) => !target.has(p));
  }
  // The cases as they stand now: other stages may have been published since this version was.
  const loaded = loadVersion(deps.db, slug, to);
  const tests = await testCasesOf(deps.db, slug, loaded ? (await loaded).file : stageFiles[slug]);
  return { slug, to, new_fields, removed_fields, configs: rows, tests };
}

async function definitionOf(deps: Deps, slug: string, version: number) {
  const loaded = loadVersion(deps.db, slug, version);
  return loaded ? (await loaded).definition : baseCatalogue.bySlug.get(slug)!;
}

export interface UpgradeBody {
  version: number;
  /** The configs to upgrade (ids); each is judged again as it is written. */
  configs: number[];
}

/**
 * POST /stage-catalogue/{slug}/upgrade: each named config moves to the version, as the dry run
 * said, one write each (its own version check: a config a dealer saved meanwhile is judged on
 * what they saved). A config whose data would no longer validate is not upgraded and is listed
 * with the reasons.
 */
export async function upgradeConfigs(deps: Deps, viewer: Viewer, slug: string, body: UpgradeBody) {
  await checkTarget(deps, slug, body.version);
  const staff = asCatalogue(viewer);
  const upgraded: number[] = [];
  const refused: Array<{ id: number; errors: Array<{ detail: string; field?: string }> }> = [];
  for (const id of [...new Set(body.configs)]) {
    let loaded: LoadedConfig;
    try {
      loaded = await findConfig(deps, staff, String(id));
    } catch {
      refused.push({ id, errors: [{ detail: serverMessages.catalogue.unknown_config }] });
      continue;
    }
    if (!loaded.row.stages.includes(slug) || (loaded.row.stageVersions[slug] ?? 1) === body.version) {
      refused.push({ id, errors: [{ detail: serverMessages.catalogue.nothing_to_upgrade }] });
      continue;
    }
    const j = await judge(deps, staff, loaded, slug, body.version);
    if (j.outcome === 'invalid') {
      refused.push({ id, errors: j.errors.map((e) => ({ detail: e.message, ...(e.path ? { field: e.path } : {}) })) });
      continue;
    }
    const w = j.write;
    await storeManyStageWrites(
      deps,
      staff,
      loaded,
      w && w.ok
        ? { config: w.config, changedStages: w.changedStages, patches: w.patches, inversePatches: w.inversePatches }
        : { config: j.config, changedStages: [], patches: [], inversePatches: [] },
      // History says "Upgraded to version N": for an upgrade the revision's source is the version.
      { action: 'upgrade', stage: slug, source: String(body.version) },
      [],
      j.pins,
    );
    upgraded.push(id);
  }
  if (!upgraded.length && refused.length) {
    throw new Invalid(serverMessages.catalogue.upgrade_refused, refused.flatMap((r) => r.errors.map((e) => ({ ...e, detail: `#${r.id}: ${e.detail}` }))));
  }
  return { slug, version: body.version, upgraded, refused, message: interpolate(serverMessages.catalogue.upgraded, { count: upgraded.length, version: body.version }) };
}
