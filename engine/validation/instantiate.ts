/**
 * Turns a published stage version's validator module (generate.ts `stageValidatorModule`: no
 * imports, a default export taking `require`) into validators, with the modules precompiled code
 * calls. The same module text runs on the server and in the browser; neither compiles anything
 * (no eval: the browser's CSP allows it as a module from its own origin).
 */
import * as equalNs from 'ajv/dist/runtime/equal';
import * as ucs2lengthNs from 'ajv/dist/runtime/ucs2length';
import * as keywords from './keywords';
import { KEYWORDS_MODULE } from './keywords-module';
import type { PrecompiledValidator } from './generated/stage-validators.js';

// ajv's runtime helpers are CommonJS: Node's ESM gives { default: module.exports }, Vite the
// exports; unwrap either way so the code's `.default` reads the function (as generate.ts's toEsm).
const unwrap = (ns: Record<string, unknown>) => {
  const d = ns.default as { __esModule?: boolean } | undefined;
  return d && d.__esModule ? d : ns;
};

const RUNTIME: Readonly<Record<string, unknown>> = {
  'ajv/dist/runtime/equal': unwrap(equalNs as unknown as Record<string, unknown>),
  'ajv/dist/runtime/ucs2length': unwrap(ucs2lengthNs as unknown as Record<string, unknown>),
  [KEYWORDS_MODULE]: keywords,
};

/** What precompiled code may `require`: the three modules above, nothing else. */
function runtimeRequire(spec: string): unknown {
  const found = RUNTIME[spec];
  if (!found) throw new Error(`A stage validator asked for "${spec}", which the engine does not give.`);
  return found;
}

/** A validator module as `import()` gives it. */
export interface ValidatorModule {
  default: (require: (spec: string) => unknown) => Record<string, PrecompiledValidator>;
}

/**
 * The validators a published version's module makes, by id (`stage:<slug>@<version>`, ...), ready
 * for `registerStageValidators`.
 * @example registerStageValidators(instantiateValidators(await import(url)))
 */
export function instantiateValidators(module: ValidatorModule): Record<string, PrecompiledValidator> {
  if (typeof module?.default !== 'function') throw new TypeError('Not a stage validator module.');
  return module.default(runtimeRequire);
}
