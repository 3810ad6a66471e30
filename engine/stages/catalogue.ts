/**
 * The stage catalogue: every stage file, bundled and sorted by `order`. Built once at load; the
 * objects are frozen because the renderer, the rules and the server all share them.
 *
 * The files are version 1 of each stage. Staff publish later versions at run time (issue 31,
 * server/catalogue/), and a config is pinned to the versions it started with, so one process holds
 * several catalogues: `catalogueWith(definitions)` makes one, and `withCatalogue(catalogue, fn)`
 * runs engine calls against it. Every lookup of the engine (`getStage`, `stageDefaults`, the rules,
 * the checks, the validators) reads the active catalogue, so no function needed a new parameter.
 */
import type { JSONSchema7 } from 'json-schema';
import type { RuleDefinition, StageDefinition } from '../types';
import { cloneJson } from '../json';
import { bundleSchema } from './bundle';
import { withContextDefaults, type DefaultsContext } from './context-defaults';
import { shapeFiles, stageFiles } from './files';
import { addRowLocks } from './list-schemas';

export class UnknownStageError extends Error {
  constructor(readonly slug: string) {
    super(`Unknown configurator stage "${slug}". Known stages: ${Object.keys(stageFiles).join(', ')}.`);
    this.name = 'UnknownStageError';
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** What identifies a stage definition besides its slug: its published version, or a draft's hash. */
export interface DefinitionIdentity {
  /** 1 for the file shipped in schemas/stages/ (the default). */
  version?: number;
  /**
   * The key its precompiled validators are registered under: the slug for version 1,
   * `<slug>@<version>` for a published version (default; the server adds its content's hash,
   * `<slug>@<version>-<hash>`, as one process may hold two files under one number), `<slug>@<hash>`
   * for a draft's preview. Lower-case letters, digits and dashes after the `@`.
   */
  key?: string;
}

/**
 * A stage file (the shape of schemas/stages/*.json) as the engine's frozen definition: shapes
 * bundled into its schema, every optional part filled. The file must be a stage file
 * (`lintStageFile` finds nothing); a published version always is.
 * @example stageDefinitionFromFile(draftFile, { version: 2 }).key // 'key-contact@2'
 */
export function stageDefinitionFromFile(file: unknown, identity: DefinitionIdentity = {}): StageDefinition {
  const f = file as Record<string, unknown>;
  if (!f || typeof f !== 'object' || typeof f.slug !== 'string' || !f.schema || typeof f.schema !== 'object') {
    throw new TypeError('Not a stage file: it needs a slug and a schema.');
  }
  const version = identity.version ?? 1;
  return toDefinition(f, version, identity.key ?? (version === 1 ? f.slug : `${f.slug}@${version}`));
}

function toDefinition(file: Record<string, unknown>, version = 1, key = file.slug as string): StageDefinition {
  const schema = bundleSchema(file.schema as Record<string, unknown>, shapeFiles);
  // Rows of lists with ids may be locked by staff (`disabled`, engine/stages/row-locks.ts).
  const uiSchema = addRowLocks(schema, (file.uiSchema as Record<string, unknown>) ?? {});
  return deepFreeze({
    slug: file.slug as string,
    version,
    key,
    title: file.title as string,
    section: file.section as string,
    order: file.order as number,
    requires: (file.requires as string[]) ?? [],
    audience: file.audience as StageDefinition['audience'],
    required: Boolean(file.required),
    schema: schema as JSONSchema7,
    uiSchema,
    rules: (file.rules as StageDefinition['rules']) ?? [],
    checks: (file.checks as StageDefinition['checks']) ?? [],
    defaults: (file.defaults as Record<string, unknown>) ?? {},
  });
}

/** A set of stage definitions, one per slug: the shipped files, or those a config is pinned to. */
export interface Catalogue {
  /** Identifies the set: the keys of its definitions that are not version 1 ('' for the files). */
  readonly key: string;
  /** Sorted by `order`. */
  readonly stages: readonly StageDefinition[];
  readonly bySlug: ReadonlyMap<string, StageDefinition>;
  /** Defaults of every stage by slug; rules read them as `defaults.<slug>...`. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Every rule, in stage order then file order. */
  readonly rules: readonly RuleDefinition[];
}

function makeCatalogue(stages: StageDefinition[]): Catalogue {
  const sorted = Object.freeze(stages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)));
  return Object.freeze({
    key: sorted.filter((s) => s.key !== s.slug).map((s) => s.key).join(','),
    stages: sorted,
    bySlug: new Map(sorted.map((s) => [s.slug, s])),
    defaults: Object.freeze(Object.fromEntries(sorted.map((s) => [s.slug, s.defaults]))),
    rules: Object.freeze(sorted.flatMap((s) => s.rules)),
  });
}

/** Version 1 of every stage: the files in schemas/stages/. */
export const baseCatalogue: Catalogue = makeCatalogue(Object.values(stageFiles).map((f) => toDefinition(f as Record<string, unknown>)));

/**
 * Every stage as shipped (version 1), sorted by `order`. The stages of the catalogue in use now
 * (a config's pinned versions) are `activeCatalogue().stages`.
 * @example stageCatalogue.map((s) => s.slug) // ['company-information', 'key-contact', 'franchises', ...]
 */
export const stageCatalogue: readonly StageDefinition[] = baseCatalogue.stages;

/** Catalogues made so far, by key: a config's is asked for on every request. */
const made = new Map<string, Catalogue>([['', baseCatalogue]]);
const MAX_MADE = 500;

/**
 * The shipped catalogue with these definitions in place of their slugs' (a config's pinned
 * versions, or a draft being previewed). The same definitions give the same catalogue object.
 * @example catalogueWith([stageDefinitionFromFile(file, { version: 2 })]).bySlug.get('key-contact')!.version // 2
 */
export function catalogueWith(definitions: readonly StageDefinition[]): Catalogue {
  const changed = definitions.filter((d) => baseCatalogue.bySlug.get(d.slug) !== d);
  const key = changed.map((d) => d.key).sort().join(',');
  const hit = made.get(key);
  // A key names immutable content (a version number or a draft's hash), so a hit is the same set.
  if (hit) return hit;
  const bySlug = new Map(baseCatalogue.bySlug);
  for (const d of changed) bySlug.set(d.slug, d);
  const catalogue = makeCatalogue([...bySlug.values()]);
  if (made.size >= MAX_MADE) made.delete(made.keys().next().value!);
  made.set(key, catalogue);
  return catalogue;
}

let active: Catalogue = baseCatalogue;

/** The catalogue engine calls read now: the shipped one, or the one `withCatalogue` runs with. */
export function activeCatalogue(): Catalogue {
  return active;
}

/**
 * Runs `fn` with `catalogue` as the engine's catalogue (a config's pinned stage versions), then
 * restores the previous one. `fn` must be synchronous, as every engine call is: a scope cannot
 * follow an `await` (JavaScript runs one call at a time, so a synchronous scope is never seen by
 * another request).
 * @example withCatalogue(config.catalogue, () => validateStage('key-contact', data, doc))
 */
export function withCatalogue<T>(catalogue: Catalogue | undefined, fn: () => T): T {
  if (!catalogue || catalogue === active) return fn();
  const previous = active;
  active = catalogue;
  try {
    const result = fn();
    if (result && typeof (result as { then?: unknown }).then === 'function') {
      throw new Error('withCatalogue runs synchronous engine calls only: the catalogue would not follow an await.');
    }
    return result;
  } finally {
    active = previous;
  }
}

/**
 * One stage by slug, of the active catalogue; throws `UnknownStageError` for a slug not in it.
 * @example getStage('locations').requires // ['company-information']
 */
export function getStage(slug: string): StageDefinition {
  const stage = active.bySlug.get(slug);
  if (!stage) throw new UnknownStageError(slug);
  return stage;
}

/** True when `slug` names a stage of the catalogue. @example hasStage('franchises') // true */
export function hasStage(slug: string): boolean {
  return active.bySlug.has(slug);
}

/**
 * A fresh, mutable copy of a stage's default data (what a new or reset stage holds). With the
 * config's `context` (its company's region), fields the schema marks `defaultFrom` hold the
 * company's value (a country field: the region's country); without it, the file's own defaults.
 * @example stageDefaults('franchises') // { franchises: [] }
 * @example stageDefaults('company-information', { region: 'fr' }).companyInformation // { ..., country: 'FR', ... }
 */
export function stageDefaults(slug: string, context?: DefaultsContext): Record<string, unknown> {
  const stage = getStage(slug);
  const data = cloneJson(stage.defaults) as Record<string, unknown>;
  return context ? withContextDefaults(stage.schema as Record<string, unknown>, data, context) : data;
}


