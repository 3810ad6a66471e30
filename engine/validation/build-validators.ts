/**
 * Generates precompiled ("standalone") ajv validators for every stage and every section of a stage,
 * one module per stage in generated/ (stage-<slug>.js) and their loaders (stage-validators.js).
 * The browser runs under a strict CSP without 'unsafe-eval', where ajv cannot compile a schema (it uses `new Function`); precompiled code needs no eval.
 *
 * Regenerate after changing a stage file or a shape:
 *   npx tsx engine/validation/build-validators.ts
 * (tests/engine/precompiled.test.ts fails while the file is out of date.)
 */
import { stageCatalogue } from '../stages/catalogue';
import { stageModule, stageModuleFile, HEADER } from './generate';

export { validatorIds } from './generate';

/**
 * Every generated file by name: one module per stage, and `stage-validators.js`, which imports
 * none of them but says how to load each (a dynamic import, so a bundler splits every stage's
 * validators into a chunk of its own: a page loads the stages it shows, not all 43).
 */
export function generateValidatorModules(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const stage of stageCatalogue) files[stageModuleFile(stage.slug)] = stageModule(stage);
  const loaders = stageCatalogue.map((s) => `  ${JSON.stringify(s.slug)}: () => import(${JSON.stringify(`./${stageModuleFile(s.slug)}`)}),`).join('\n');
  files['stage-validators.js'] = [...HEADER, `export const stageValidatorModules = {\n${loaders}\n};`, ''].join('\n');
  return files;
}

const isMain = typeof process !== 'undefined' && process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const { readdirSync, rmSync, writeFileSync } = await import('node:fs');
  const dir = new URL('./generated/', import.meta.url);
  const files = generateValidatorModules();
  // A removed stage's module goes too.
  for (const name of readdirSync(dir)) if (name.endsWith('.js') && !(name in files)) rmSync(new URL(name, dir));
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, dir), text);
  console.log(`wrote ${Object.keys(files).length} files in ${dir.pathname}`);
}
