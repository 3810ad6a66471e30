// DEV TOOLS ONLY (tests in Node, Storybook): an engine for schemas that are not in the catalogue.
// It compiles schemas with ajv at run time (`new Function`), which the app's CSP (no 'unsafe-eval')
// forbids, so it is deliberately NOT exported from engine/react/index.ts: the app imports the
// renderer from there and gets only the precompiled validation of engineAdapter.ts.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvErrorsToFieldErrors, createAjv, extendAjv } from '../index';
import type { StageEngine } from './controller';
import { defaultEngine } from './engineAdapter';
import type { FieldErrorLike } from './errors';

type Ajv = ReturnType<typeof createAjv>;
let ajv: Ajv | undefined;
let rjsfValidator: ValidatorType | undefined;

/** Compiles with the engine's ajv; under a CSP without 'unsafe-eval' says why it cannot. */
function compile(schema: RJSFSchema): ValidateFunction {
  try {
    ajv ??= createAjv({ allErrors: true });
    return ajv.compile(schema);
  } catch (err) {
    if (err instanceof EvalError) {
      throw new Error('engineForSchema compiles schemas at run time, which this page\'s Content-Security-Policy forbids: render a catalogue stage (precompiled) instead.', { cause: err });
    }
    throw err;
  }
}

/**
 * An engine for a schema that is not in the catalogue (a widget's story, a stage file being edited,
 * a test): the real rules and the real ajv (createAjv), compiled once for this schema. Node and
 * Storybook only, never the app (it compiles; see the top of this file).
 * @example <StageForm slug="preview" stage={{ schema, uiSchema }} engine={engineForSchema(schema)} doc={{}} />
 */
export function engineForSchema(schema: RJSFSchema): StageEngine {
  let fn: ValidateFunction | undefined;
  const check = (data: unknown, mode: 'draft' | 'submit' = 'submit') => {
    fn ??= compile(schema);
    if (fn(data ?? {})) return { errors: [], warnings: [] };
    const raw = ((fn.errors ?? []) as ErrorObject[]).filter((e) => mode === 'submit' || e.keyword !== 'required');
    return { errors: ajvErrorsToFieldErrors(raw) as FieldErrorLike[], warnings: [] };
  };
  return {
    updateStage: defaultEngine.updateStage,
    validateStage: (_slug, data, _doc, opts) => check(data, opts?.mode),
    validateSection: (_slug, data) => check(data, 'draft'),
    // rjsf's compiling validator with our keywords and formats (any schema; compiles lazily).
    formValidator: () => (rjsfValidator ??= customizeValidator({ extenderFn: (a) => extendAjv(a) })),
  };
}
