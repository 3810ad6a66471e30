/**
 * A stage form that knows which stages its config has: the config's own stage list goes to every
 * `configSummary` field (`ui:options.stages`, so the confirmation lists only this config's stages)
 * and to the engine's validation (checks read it as `stages`: `incompleteStages` asks only for the
 * config's required stages, as the server's writeStage does).
 */
import { validateStage, withCatalogue, withContextSchema, type Catalogue, type ConfigDocument, type DefaultsContext } from '../../../engine';
import { defaultEngine, getStageUi, validateSection, type StageEngine } from '../../../engine/react';

type Ui = Record<string, unknown>;

/**
 * `uiSchema` with `stages` in the `ui:options` of every `"ui:field": "configSummary"` (at any depth);
 * unchanged parts are the same objects.
 * @example withConfigStages({ confirmation: { 'ui:field': 'configSummary' } }, ['terms'])
 *   // { confirmation: { 'ui:field': 'configSummary', 'ui:options': { stages: ['terms'] } } }
 */
export function withConfigStages<T>(uiSchema: T, stages: readonly string[]): T {
  if (!uiSchema || typeof uiSchema !== 'object' || Array.isArray(uiSchema)) return uiSchema;
  const ui = uiSchema as Ui;
  let out: Ui | null = null;
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:')) continue;
    const next = withConfigStages(value, stages);
    if (next !== value) (out ??= { ...ui })[key] = next;
  }
  if (ui['ui:field'] === 'configSummary') {
    out ??= { ...ui };
    out['ui:options'] = { ...(ui['ui:options'] as Ui | undefined), stages: [...stages] };
  }
  return (out ?? ui) as T;
}

/**
 * The stage file of `slug` as the form takes it, its summaries limited to `stages`; of the
 * version the config is pinned to (`catalogue`, usePinnedCatalogue) when it is not version 1.
 */
export function stageUiFor(slug: string, stages: readonly string[], context?: DefaultsContext, catalogue?: Catalogue): ReturnType<typeof getStageUi> {
  const ui = withCatalogue(catalogue, () => getStageUi(slug));
  // The company's region country is the default of every country field, in items added here too.
  const schema = context?.region ? withContextSchema(ui.schema, context) : ui.schema;
  return { schema, uiSchema: withConfigStages(ui.uiSchema, stages) };
}

/**
 * The default engine, validating with the config's stages (checks read them as `stages`) and
 * running every call with the stage versions the config is pinned to (`catalogue`). `company` (the
 * config's company, its region) is what a `visibleIf` reads as `$company`: the form shows and the
 * validation judges the fields shown for it, as the server's writeStage does.
 */
export function configEngine(stages: readonly string[], catalogue?: Catalogue, company?: DefaultsContext): StageEngine {
  const run = <T>(fn: () => T) => withCatalogue(catalogue, fn);
  return {
    company,
    updateStage: (doc, slug, data) => run(() => defaultEngine.updateStage(doc, slug, data)),
    validateStage: (slug, data, doc, opts) => run(() => validateStage(slug, data, doc as ConfigDocument, { mode: opts?.mode, stages, company })),
    validateSection: (slug, data, section) => run(() => validateSection(slug, data, section, company)),
    formValidator: (slug, schema) => run(() => defaultEngine.formValidator!(slug, schema)),
  };
}
