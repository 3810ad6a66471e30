/**
 * What a configuration still needs, stage by stage: the data behind a final "confirmation" stage
 * (`"ui:field": "configSummary"`) and the `incompleteStages` check operation. Any stage may use it;
 * nothing here knows a particular stage.
 */
import type { ConfigDocument } from '../types';
import { activeCatalogue } from '../stages/catalogue';
import { setIncompleteStagesResolver } from '../rules/operations';
import type { CompanyFacts } from '../stages/visibility';
import { checkCompany, validateStage } from '../validation/validate-stage';

export type StageSummaryStatus = 'complete' | 'missing' | 'invalid';

export interface StageSummary {
  slug: string;
  /** i18n key of the stage title. */
  title: string;
  /** i18n key of the stage's section. */
  section: string;
  required: boolean;
  /** complete: passes validation in submit mode; missing: no data yet; invalid: data with errors. */
  status: StageSummaryStatus;
  /** Errors in submit mode (0 when complete or missing). */
  errors: number;
}

export interface ConfigSummaryOptions {
  /** The config's enabled stages; default every stage of the catalogue. */
  stages?: readonly string[] | null;
  /** Stages not to list (the stage showing the summary). */
  exclude?: readonly string[];
  /** Also list optional stages that hold no data (default: optional stages only once they have data). */
  includeEmptyOptional?: boolean;
  /** The config's company (its region): fields its `visibleIf` hides for it are not judged. */
  company?: CompanyFacts;
}

/**
 * Every dealer stage of a configuration with its status, in catalogue order.
 * @example configSummary(doc, { exclude: ['confirmation'] }).filter((s) => s.required && s.status !== 'complete')
 */
export function configSummary(doc: ConfigDocument, opts: ConfigSummaryOptions = {}): StageSummary[] {
  const enabled = opts.stages ? new Set(opts.stages) : null;
  const exclude = new Set(opts.exclude ?? []);
  const out: StageSummary[] = [];
  for (const stage of activeCatalogue().stages) {
    if (stage.audience !== 'dealer' || exclude.has(stage.slug) || (enabled && !enabled.has(stage.slug))) continue;
    const data = doc[stage.slug];
    if (!data && !stage.required && !opts.includeEmptyOptional) continue;
    const errors = data ? validateStage(stage.slug, data, doc, { mode: 'submit', stages: opts.stages ?? undefined, company: opts.company }).errors.length : 0;
    out.push({
      slug: stage.slug,
      title: stage.title,
      section: stage.section,
      required: stage.required,
      status: !data ? 'missing' : errors ? 'invalid' : 'complete',
      errors,
    });
  }
  return out;
}

// The `incompleteStages` check operation (rules/operations.ts) asks this module: required stages
// without data or with errors. Registered here because validating imports the operations.
// The other stages are judged for the company of the validation running the check.
setIncompleteStagesResolver((doc, stages, exclude) =>
  configSummary(doc as ConfigDocument, { stages, exclude, company: checkCompany() })
    .filter((s) => s.required && s.status !== 'complete')
    .map((s) => s.slug),
);
