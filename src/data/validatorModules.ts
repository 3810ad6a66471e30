/**
 * Validators the server compiled for a stage version or a saved draft (server/catalogue/README.md):
 * the module at `/api/stage-validators/<hash>.js` is imported from the app's own origin (the strict
 * CSP allows it; nothing compiles in the browser) and its validators registered with the engine.
 * Used by the configurator (a config's pinned versions) and the stage editor's preview alike.
 */
import { instantiateValidators, registerStageValidators, type ValidatorModule } from '../../engine';

const loads = new Map<string, Promise<void>>();

/**
 * Imports a validator module (its path under the API, as answers give it) and registers its
 * validators. Once per module; a failed load may be tried again.
 * @example await loadValidatorModule(version.validator)
 */
export function loadValidatorModule(path: string): Promise<void> {
  let load = loads.get(path);
  if (!load) {
    load = (import(/* @vite-ignore */ `/api${path}`) as Promise<ValidatorModule>).then((module) => registerStageValidators(instantiateValidators(module)));
    load.catch(() => loads.delete(path));
    loads.set(path, load);
  }
  return load;
}
