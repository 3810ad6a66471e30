/**
 * Which stages are open (their `requires` are complete) and how far a configuration has got.
 */
import type { ConfigDocument, StageState } from '../types';
import { getStage, hasStage, stageCatalogue } from '../stages/catalogue';
import { validateStage } from '../validation/validate-stage';

/** A stored configuration as the server holds it (stage_data_{slug} / stage_state_{slug}). */
export interface ConfigSnapshot {
  /** Incremented by every write; a write based on another version is stale. */
  version: number;
  doc: ConfigDocument;
  states: Record<string, StageState>;
  /** Stages enabled for this config (stage add/remove); default every stage of the catalogue. */
  stages?: string[];
}

/** The stages a config includes, in catalogue order. */
export function configStages(config: ConfigSnapshot): string[] {
  const enabled = config.stages ? new Set(config.stages) : null;
  return stageCatalogue.filter((s) => !enabled || enabled.has(s.slug)).map((s) => s.slug);
}

/**
 * True when a stage's data is present and passes its schema and checks (used for `requires`).
 * @example isStageDataComplete(config, 'company-information')
 */
export function isStageDataComplete(config: ConfigSnapshot, slug: string): boolean {
  const data = config.doc[slug];
  if (!data || !hasStage(slug)) return false;
  return validateStage(slug, data, config.doc, { mode: 'submit' }).errors.length === 0;
}

/**
 * A stage is open when every stage it `requires` has complete data (spec: company information must
 * be complete before other sections are accessible).
 * @example isStageOpen(config, 'locations') // false until company information is complete
 */
export function isStageOpen(config: ConfigSnapshot, slug: string): boolean {
  return getStage(slug).requires.every((req) => isStageDataComplete(config, req));
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
export function configProgress(config: ConfigSnapshot): ConfigProgress {
  const open = new Map<string, boolean>();
  const complete = new Map<string, boolean>();
  const dataComplete = (slug: string) => {
    if (!complete.has(slug)) complete.set(slug, isStageDataComplete(config, slug));
    return complete.get(slug)!;
  };
  const stages = configStages(config).map((slug) => {
    const def = getStage(slug);
    const state = config.states[slug] ?? 'draft';
    if (!open.has(slug)) open.set(slug, def.requires.every(dataComplete));
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
