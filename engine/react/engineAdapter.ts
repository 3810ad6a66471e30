// The one place the renderer calls the engine (engine/index.ts), so the rest of engine/react/ talks
// to the small StageEngine port and tests/stories can pass the same real engine explicitly.
//
// Everything here runs under the app's CSP (no 'unsafe-eval'): validation uses only the engine's
// precompiled validators (engine/validation/generated/stage-validators.js), never ajv.compile.
// The compiling engine for schemas outside the catalogue lives in devEngine.ts (dev tools only).
import { hashForSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import {
  ajvErrorsToFieldErrors,
  getStage,
  hiddenPaths,
  isUnderHidden,
  sectionValidator,
  stageValidator,
  updateStage,
  validateStage,
  type CompanyFacts,
  type ConfigDocument,
} from '../index';
import type { StageEngine } from './controller';
import type { FieldErrorLike } from './errors';
import { getAt, pathToPointer, type Path } from './paths';

/** Keys meaning "not filled in yet": never shown while typing (as in validateStage's draft mode). */
const COMPLETENESS = new Set(['validation:field.required', 'validation:field.requiredIf']);

/**
 * Validates one section of a stage with the engine's precompiled validator for it: a top-level
 * property, or one item of a top-level array. What runs while a dealer types, so its cost follows
 * the item on screen, not the document. As in a draft save, values not filled in ('' or missing)
 * are not errors yet; list-wide rules (duplicates across items) and checks wait for the save.
 * Fields a `visibleIf` hides for the config's `company` are not judged.
 * @example validateSection('opening-hours', data, ['hours', 3]).errors
 */
export function validateSection(slug: string, data: unknown, section: Path, company?: CompanyFacts): { errors: FieldErrorLike[]; warnings: FieldErrorLike[] } {
  const item = section.length > 1;
  const fn = sectionValidator(slug, String(section[0]), item);
  const value = getAt(data, section.slice(0, 2));
  if (!fn || value === undefined || fn(value)) return { errors: [], warnings: [] };
  // verbose precompiled errors carry their data: '' is "not filled in" (validateStage prunes it).
  const raw = ((fn.errors ?? []) as ErrorObject[]).filter((e) => e.data !== '');
  const prefix = pathToPointer(section.slice(0, 2));
  const stage = getStage(slug);
  const root = stage.schema as Record<string, unknown>;
  // Fields a `visibleIf` hides are kept but never judged (as validateStage does).
  const hidden = hiddenPaths(root, data, company);
  // Own messages are looked up at the field's full pointer (the section's errors are relative to it).
  const errors = ajvErrorsToFieldErrors(raw, { root, uiSchema: stage.uiSchema, at: prefix, withField: true })
    .filter((e) => !COMPLETENESS.has(e.key))
    .map((e: FieldErrorLike) => ({ ...e, path: `${prefix}${e.path === '' || e.path.startsWith('/') ? e.path : `/${e.path}`}` }))
    .filter((e) => !isUnderHidden(e.path, hidden));
  return { errors, warnings: [] };
}

const formValidators = new WeakMap<object, Map<string, ValidatorType>>();

/**
 * rjsf's validator for a catalogue stage's Form, CSP-safe: `createPrecompiledValidator` over the
 * engine's precompiled stage validator, keyed by the hash of the schema the Form is given (e.g. the
 * translated one; titles do not change validation). Our stage schemas have no anyOf/oneOf/if, so
 * rjsf only ever asks for the root. One validator per schema object, so rjsf keeps its schema utils.
 * @example <Form schema={schema} validator={formValidator('locations', schema)} ... />
 */
export function formValidator(slug: string, schema: RJSFSchema): ValidatorType {
  let bySlug = formValidators.get(schema);
  if (!bySlug) formValidators.set(schema, (bySlug = new Map()));
  let validator = bySlug.get(slug);
  if (!validator) {
    validator = createPrecompiledValidator({ [hashForSchema(schema)]: stageValidator(slug) }, schema);
    bySlug.set(slug, validator);
  }
  return validator;
}

/** The real engine behind the renderer's StageEngine port (precompiled validation only). */
export const defaultEngine: StageEngine = {
  updateStage: (doc, slug, data) => updateStage(doc as ConfigDocument, slug, data as Record<string, unknown>, { phase: 'change' }),
  validateStage: (slug, data, doc, opts) => validateStage(slug, data, doc as ConfigDocument, { mode: opts?.mode }),
  validateSection,
  formValidator,
};

/**
 * A stage file's schema and uiSchema, as rjsf takes them.
 * @example const { schema, uiSchema } = getStageUi('locations');
 */
export function getStageUi(slug: string): { schema: RJSFSchema; uiSchema: UiSchema } {
  const stage = getStage(slug);
  return { schema: stage.schema as RJSFSchema, uiSchema: stage.uiSchema as UiSchema };
}
