/**
 * The work a staff-authored stage file costs, run in a worker thread (catalogue.compile.ts), never
 * on the server's event loop: its publish problems (the checks compile its schema with ajv and run
 * its patterns and logic on its defaults), then its validator module, generated and evaluated here
 * first. A file that hangs or fills the memory ends this thread only; the request that sent it is
 * answered with a problem, and every other request goes on.
 */
import { instantiateValidators, publishProblems, stageDefinitionFromFile, stageValidatorModule, type ValidatorModule } from '../../engine';

export interface StageTask {
  file: unknown;
  /** The other current stage files, for the checks across stages; absent: compile only (a version already published). */
  catalogue?: unknown[];
  /** Generate the module under this identity when the file has no problems. */
  compile?: { version: number; key: string };
}

export interface StageTaskResult {
  problems: string[];
  /** The validator module's text (generate.ts `stageValidatorModule`), when asked for and publishable. */
  module: string | null;
}

export default async function stageTask({ file, catalogue, compile }: StageTask): Promise<StageTaskResult> {
  const problems = catalogue ? publishProblems(file, { catalogue }) : [];
  if (problems.length || !compile) return { problems, module: null };
  const definition = stageDefinitionFromFile(file, compile);
  const module = stageValidatorModule(definition);
  // Evaluated here before the server's thread imports it: a module that throws, or a validator
  // that cannot judge the file's own defaults, is found where it costs nothing else.
  const loaded = (await import(`data:text/javascript;base64,${Buffer.from(module).toString('base64')}`)) as ValidatorModule;
  instantiateValidators(loaded)[`stage:${definition.key}`](definition.defaults);
  return { problems, module };
}
