/**
 * The stage test cases a publish runs (issue 56; server/catalogue/README.md, "Test cases"), in the
 * stage-file worker thread (catalogue.compile-task.ts), so their cost is bounded by its time and
 * memory limits like the checks': a case runs the file's rules and validators, which staff wrote.
 *
 * Every stage's cases run, not only the file's own: a draft reaches other stages' cases through its
 * schema (their data of it must still fit), its rules (every stage's rules run on every save), its
 * defaults and the summary checks (confirmation). Running all is the simplest rule that cannot miss
 * one, and cheap: the 36 shipped cases take about 100 ms warm.
 */
import { createHash } from 'node:crypto';
import {
  baseCatalogue,
  catalogueWith,
  deepEqual,
  forgetStageValidators,
  instantiateValidators,
  loadStageValidators,
  registerStageValidators,
  runTestCases,
  stageDefinitionFromFile,
  stageFiles,
  stageValidatorModule,
  stageValidatorsNeeded,
  withCatalogue,
  type StageDefinition,
  type StageTestCase,
  type TestResult,
  type ValidatorModule,
} from '../../engine';

/** One case's result, with the stage whose file holds it. */
export interface CatalogueTestResult extends TestResult {
  stage: string;
}

type StageFile = { slug: string; tests?: StageTestCase[] };

/** Validators this thread registered for files that are not shipped, oldest first (a version's never change). */
const registered = new Map<string, true>();
const KEEP_REGISTERED = 100;

const contentOf = (file: unknown) => createHash('sha256').update(JSON.stringify(file)).digest('hex').slice(0, 12);

/** The definition a file makes: the shipped one when it is the shipped file, else one keyed by its content. */
function definitionOf(file: StageFile): StageDefinition {
  if (deepEqual(file, stageFiles[file.slug])) return baseCatalogue.bySlug.get(file.slug)!;
  return stageDefinitionFromFile(file, { version: 0, key: `${file.slug}@tests-${contentOf(file)}` });
}

async function register(definition: StageDefinition, importModule: (text: string) => Promise<ValidatorModule>) {
  if (definition.key === definition.slug || registered.has(definition.key)) return;
  registerStageValidators(instantiateValidators(await importModule(stageValidatorModule(definition))));
  registered.set(definition.key, true);
  if (registered.size > KEEP_REGISTERED) {
    const [oldest] = registered.keys();
    registered.delete(oldest);
    forgetStageValidators(oldest);
  }
}

/**
 * Runs the cases of `file` and of every other current stage file with `file` in place of its
 * stage's current version. The file must have passed publishProblems (its logic and size are
 * bounded there). Results of `file`'s own cases first, in file order.
 */
export async function runCatalogueTests(file: unknown, others: readonly unknown[], importModule: (text: string) => Promise<ValidatorModule>): Promise<CatalogueTestResult[]> {
  const own = file as StageFile;
  const files = [own, ...(others as StageFile[]).filter((f) => f.slug !== own.slug)];
  const definitions = files.map(definitionOf);
  const catalogue = catalogueWith(definitions.filter((d) => d.key !== d.slug));
  await loadStageValidators();
  // Validators of the versions that are not shipped, for the stages the cases read.
  const needed = new Set<string>();
  for (const f of files) {
    for (const c of f.tests ?? []) {
      withCatalogue(catalogue, () => stageValidatorsNeeded(f.slug)).forEach((s) => needed.add(s));
      for (const s of [...Object.keys(c.doc ?? {}), ...Object.keys(c.after ?? {})]) needed.add(s);
    }
  }
  for (const d of definitions) if (needed.has(d.slug)) await register(d, importModule);
  return files.flatMap((f) => (f.tests?.length ? runTestCases({ slug: f.slug, catalogue }, f.tests).map((r) => ({ stage: f.slug, ...r })) : []));
}
