/**
 * The work a staff-authored stage file costs, run in a worker thread (catalogue.compile.ts), never
 * on the server's event loop: its publish problems (the checks compile its schema with ajv and run
 * its patterns and logic on its defaults), the stage test cases a publish runs (catalogue.test-cases.ts),
 * then its validator module, generated and evaluated here
 * first. A file that hangs or fills the memory ends this thread only; the request that sent it is
 * answered with a problem, and every other request goes on.
 */
import { instantiateValidators, publishProblems, stageDefinitionFromFile, stageValidatorModule, type ValidatorModule } from '../../engine';
import { runCatalogueTests, type CatalogueTestResult } from './catalogue.test-cases';

export interface StageTask {
  file: unknown;
  /** The other current stage files, for the checks across stages; absent: compile only (a version already published). */
  catalogue?: unknown[];
  /** Generate the module under this identity when the file has no problems. */
  compile?: { version: number; key: string };
  /** Run the test cases of the file and of every stage in `catalogue` when the file has no problems. */
  tests?: boolean;
}

export interface StageTaskResult {
  problems: string[];
  /** The validator module's text (generate.ts `stageValidatorModule`), when asked for and publishable. */
  module: string | null;
  /** The test cases' results, when asked for and the file has no problems. */
  tests?: CatalogueTestResult[];
}

/**
 * A validator module's text evaluated as an ES module (a data: URL: the very text browsers get).
 * The text is never data someone typed: it is `stageValidatorModule`'s output, safe by
 * construction (every schema string lands in a JSON string literal; no `$id` reaches ajv; an output
 * with a comment is refused: engine/validation/generate.ts and its hostile-string property test).
 */
export async function importValidatorModule(text: string): Promise<ValidatorModule> {
  return (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as ValidatorModule;
}

export default async function stageTask({ file, catalogue, compile, tests }: StageTask): Promise<StageTaskResult> {
  const problems = catalogue ? publishProblems(file, { catalogue }) : [];
  // Cases run only on a file that passed the checks: they bound the logic and the size it runs.
  const results = !problems.length && tests && catalogue ? { tests: await runCatalogueTests(file, catalogue, importValidatorModule) } : {};
  if (problems.length || !compile) return { problems, module: null, ...results };
  const definition = stageDefinitionFromFile(file, compile);
  const module = stageValidatorModule(definition);
  // Evaluated here before the server's thread imports it: a module that throws, or a validator
  // that cannot judge the file's own defaults, is found where it costs nothing else.
  instantiateValidators(await importValidatorModule(module))[`stage:${definition.key}`](definition.defaults);
  return { problems, module, ...results };
}
