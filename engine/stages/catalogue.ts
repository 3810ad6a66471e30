/**
 * The stage catalogue: every stage file, bundled and sorted by `order`. Built once at load; the
 * objects are frozen because the renderer, the rules and the server all share them.
 */
import type { JSONSchema7 } from 'json-schema';
import type { StageDefinition } from '../types';
import { cloneJson } from '../json';
import { bundleSchema } from './bundle';
import { withContextDefaults, type DefaultsContext } from './context-defaults';
import { shapeFiles, stageFiles } from './files';

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

function toDefinition(file: Record<string, unknown>): StageDefinition {
  const schema = bundleSchema(file.schema as Record<string, unknown>, shapeFiles);
  return deepFreeze({
    slug: file.slug as string,
    title: file.title as string,
    section: file.section as string,
    order: file.order as number,
    requires: (file.requires as string[]) ?? [],
    audience: file.audience as StageDefinition['audience'],
    required: Boolean(file.required),
    schema: schema as JSONSchema7,
    uiSchema: (file.uiSchema as Record<string, unknown>) ?? {},
    rules: (file.rules as StageDefinition['rules']) ?? [],
    checks: (file.checks as StageDefinition['checks']) ?? [],
    defaults: (file.defaults as Record<string, unknown>) ?? {},
  });
}

/**
 * Every stage, sorted by `order`.
 * @example stageCatalogue.map((s) => s.slug) // ['company-information', 'key-contact', 'franchises', ...]
 */
export const stageCatalogue: readonly StageDefinition[] = Object.freeze(
  Object.values(stageFiles)
    .map((f) => toDefinition(f as Record<string, unknown>))
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)),
);

const bySlug = new Map(stageCatalogue.map((s) => [s.slug, s]));

/**
 * One stage by slug; throws `UnknownStageError` for a slug not in schemas/stages.
 * @example getStage('locations').requires // ['company-information']
 */
export function getStage(slug: string): StageDefinition {
  const stage = bySlug.get(slug);
  if (!stage) throw new UnknownStageError(slug);
  return stage;
}

/** True when `slug` names a stage of the catalogue. @example hasStage('franchises') // true */
export function hasStage(slug: string): boolean {
  return bySlug.has(slug);
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

/** Defaults of every stage by slug; rules read them as `defaults.<slug>...`. */
export const allDefaults: Readonly<Record<string, unknown>> = Object.freeze(
  Object.fromEntries(stageCatalogue.map((s) => [s.slug, s.defaults])),
);
