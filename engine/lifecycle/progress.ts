/**
 * Which stages are open (their `requires` are complete) and how far a configuration has got.
 */
import type { ConfigDocument, StageState } from '../types';
import { activeCatalogue, getStage, hasStage, withCatalogue, type Catalogue } from '../stages/catalogue';
import type { CompanyFacts } from '../stages/visibility';
import { validateStage } from '../validation/validate-stage';

/** A stored configuration as the server holds it (stage_data_{slug} / stage_state_{slug}). */
export interface ConfigSnapshot {
  /** Incremented by every write; a write based on another version is stale. */
  version: number;
  doc: ConfigDocument;
  states: Record<string, StageState>;
  /** Stages enabled for this config (stage add/remove); default every stage of the catalogue. */
  stages?: string[];
  /**
   * The stage versions the config is pinned to (server/catalogue/); default the shipped files.
   * The engine's functions that take a snapshot run with it (`withCatalogue`).
   */
  catalogue?: Catalogue;
}

/** The stages a config includes, in catalogue order. */
export function configStages(config: ConfigSnapshot): string[] {
  return withCatalogue(config.catalogue, () => stagesOf(config));
}

function stagesOf(config: ConfigSnapshot): string[] {
  const enabled = config.stages ? new Set(config.stages) : null;
  return activeCatalogue().stages.filter((s) => !enabled || enabled.has(s.slug)).map((s) => s.slug);
}

/**
 * True when a stage's data is present and passes its schema and checks (used for `requires`), for
 * the config's `company` (fields its `visibleIf` hides for it are not judged).
 * @example isStageDataComplete(config, 'company-information', { region: 'fr' })
 */
export function isStageDataComplete(config: ConfigSnapshot, slug: string, company?: CompanyFacts): boolean {
  return withCatalogue(config.catalogue, () => dataComplete(config, slug, company));
}

function dataComplete(config: ConfigSnapshot, slug: string, company?: CompanyFacts): boolean {
  const data = config.doc[slug];
  if (!data || !hasStage(slug)) return false;
  return validateStage(slug, data, config.doc, { mode: 'submit', company }).errors.length === 0;
}

/**
 * A stage is open when every stage it `requires` has complete data (spec: company information must
 * be complete before other sections are accessible).
 * @example isStageOpen(config, 'locations') // false until company information is complete
 */
export function isStageOpen(config: ConfigSnapshot, slug: string, company?: CompanyFacts): boolean {
  return withCatalogue(config.catalogue, () => getStage(slug).requires.every((req) => dataComplete(config, req, company)));
}

export interface ConfigProgress {
  /** Required stages submitted or completed. */
  done: number;
  /** Required stages in this config. */
  total: number;
  /** Share done, 0-100, rounded down. */
  progress: number;
  /** "Configuration complete": every required stage is submitted or completed. */
  complete: boolean;
  stages: { slug: string; state: StageState; required: boolean; done: boolean; open: boolean }[];
}

/**
 * Progress of a configuration: the share of its required stages that are submitted or completed.
 * @example configProgress({ version: 1, doc, states: { 'company-information': 'submitted' } }).progress // 20
 */
export function configProgress(config: ConfigSnapshot, company?: CompanyFacts): ConfigProgress {
  return withCatalogue(config.catalogue, () => progressOf(config, company));
}

function progressOf(config: ConfigSnapshot, company?: CompanyFacts): ConfigProgress {
  const open = new Map<string, boolean>();
  const complete = new Map<string, boolean>();
  const completeOnce = (slug: string) => {
    if (!complete.has(slug)) complete.set(slug, dataComplete(config, slug, company));
    return complete.get(slug)!;
  };
  const stages = stagesOf(config).map((slug) => {
    const def = getStage(slug);
    const state = config.states[slug] ?? 'draft';
    if (!open.has(slug)) open.set(slug, def.requires.every(completeOnce));
    return { slug, state, required: def.required, done: state !== 'draft', open: open.get(slug)! };
  });
  const required = stages.filter((s) => s.required);
  const done = required.filter((s) => s.done).length;
  const total = required.length;
  return {
    done,
    total,
    progress: total === 0 ? 100 : Math.floor((done / total) * 100),
    complete: total > 0 && done === total,
    stages,
  };
}
