/**
 * The live preview's engine: the real renderer's StageEngine port, run with the draft's definition in
 * place of the shipped one (`withCatalogue`), so the draft's rules cascade as a dealer would see them.
 *
 * Schema validation needs precompiled validators (the app's CSP forbids compiling). The server
 * compiles them for a saved draft without problems (its answer's `validator` and `validator_key`):
 * while the editor's file is still that saved file, the preview runs under the saved draft's key
 * with those validators imported (as usePinnedCatalogue does for published versions), so field
 * errors show as a dealer would see them. For unsaved edits the checks that cannot run give no
 * errors, and the page says they run when the draft is saved (its `problems`).
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import {
  catalogueWith,
  stageDefinitionFromFile,
  updateStage,
  validateStage,
  withCatalogue,
  type CompanyFacts,
  type ConfigDocument,
  type StageDefinition,
} from '../../../engine';
import { formValidator, validateSection, type ConfigDoc, type StageEngine } from '../../../engine/react';

/** The draft being previewed: its definition, and its catalogue (the shipped one with it in place). */
export interface PreviewStage {
  definition: StageDefinition;
  catalogue: ReturnType<typeof catalogueWith>;
  /** Its validators are registered under its key (the saved draft's): the field checks run. */
  checked: boolean;
}

let made = 0;

/**
 * The preview of a draft file, or throws (with the reason) when the file is not a stage yet. Each
 * call is a new identity (`<slug>@preview-<n>`): catalogues are cached by key, and a draft changes.
 */
export function previewStage(file: unknown): PreviewStage {
  const slug = (file as { slug?: unknown } | null)?.slug;
  const definition = stageDefinitionFromFile(file, { version: 0, key: `${String(slug)}@preview-${++made}` });
  return { definition, catalogue: catalogueWith([definition]), checked: false };
}

const checkedPreviews = new Map<string, PreviewStage>();

/**
 * The preview of the saved draft under the key the server compiled its validators for
 * (`validator_key`, which names the file's content): made once per key. Its validators must be
 * registered first (`loadValidatorModule`, src/data/validatorModules.ts).
 */
export function checkedPreviewStage(file: unknown, key: string): PreviewStage {
  let preview = checkedPreviews.get(key);
  if (!preview) {
    const definition = stageDefinitionFromFile(file, { version: 0, key });
    preview = { definition, catalogue: catalogueWith([definition]), checked: true };
    checkedPreviews.set(key, preview);
    // A page session saves a few drafts: keep the last ones.
    if (checkedPreviews.size > 8) checkedPreviews.delete(checkedPreviews.keys().next().value!);
  }
  return preview;
}

const empty = { errors: [], warnings: [] };

/** rjsf's validator for an unsaved draft's form: nothing compiles under the CSP, so it judges nothing (the server does). */
export const noValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  // `if` of a `requiredIf` never matches: the preview shows no conditional requirement until saved.
  isValid: () => false,
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
  reset: () => {},
};

/**
 * A StageEngine reading the preview in `current()` at each call (the form keeps one engine while the
 * draft changes under it): the engine's own calls, as configEngine runs them for dealers, with the
 * saved draft's validators when the preview is `checked`. `onUnchecked` is told when a check could
 * not run for an unsaved draft.
 */
export function previewEngine(current: () => PreviewStage | null, onUnchecked: () => void, company?: CompanyFacts): StageEngine {
  const run = <T>(fn: () => T, fallback: () => T): T => {
    const preview = current();
    try {
      return withCatalogue(preview?.catalogue, fn);
    } catch {
      onUnchecked();
      return fallback();
    }
  };
  return {
    // The sample company (or the loaded config's): a `visibleIf` on `$company.region` shows for it.
    company,
    updateStage: (doc, slug, data) =>
      run(
        () => updateStage(doc as ConfigDocument, slug, data as Record<string, unknown>, { phase: 'change' }),
        () => ({ doc: { ...doc, [slug]: data } as ConfigDoc }),
      ),
    validateStage: (slug, data, doc, opts) => run(() => validateStage(slug, data, doc as ConfigDocument, { mode: opts?.mode, company }), () => ({ ...empty, data: data as Record<string, unknown> })),
    validateSection: (slug, data, section) => run(() => validateSection(slug, data, section, company), () => empty),
    formValidator: (slug: string, schema: RJSFSchema) => (current()?.checked ? run(() => formValidator(slug, schema), () => noValidator) : noValidator),
  };
}
