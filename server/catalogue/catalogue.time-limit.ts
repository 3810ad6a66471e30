/**
 * Validators of staff-authored stage versions run under a time limit on the server (issue 50): a
 * pattern such as `^(a|a)*$` passes the publish checks (its star height is 1) yet takes 27 s on 28
 * characters, and a dealer's save would hold the server's only thread that long. Each call runs in
 * a `node:vm` script with a timeout, which V8 interrupts even inside a regular expression; the
 * write is refused with a message, and the next request is served. `vm` is no security boundary
 * here and need not be: the code is the engine's own generated module (generate.ts); only its
 * running time is bounded. A call costs about 0.1 ms more.
 */
import vm from 'node:vm';
import type { PrecompiledValidator } from '../../engine';
import { Invalid } from '../domain-errors';
import { serverMessages } from '../messages';

/** How long one validation of a stage version's data may take (a whole stage takes under 5 ms). */
export const VALIDATION_MS = 1000;

const context = vm.createContext({ validate: null as PrecompiledValidator | null, data: undefined as unknown });
const call = new vm.Script('validate(data)');

/**
 * The validator, bounded to VALIDATION_MS per call; past it, `Invalid` with the spec's kind of
 * message (422) and nothing is written. Its `errors` are the validator's.
 * @example registerStageValidators(timeLimited(instantiateValidators(module)))
 */
export function timeLimited(validators: Readonly<Record<string, PrecompiledValidator>>): Record<string, PrecompiledValidator> {
  return Object.fromEntries(Object.entries(validators).map(([id, fn]) => [id, limit(fn)]));
}

function limit(fn: PrecompiledValidator): PrecompiledValidator {
  const limited = ((data: unknown) => {
    context.validate = fn;
    context.data = data;
    try {
      return call.runInContext(context, { timeout: VALIDATION_MS }) as boolean;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw new Invalid(serverMessages.catalogue.validation_timeout, [{ detail: serverMessages.catalogue.validation_timeout }]);
      }
      throw err;
    } finally {
      context.validate = null;
      context.data = undefined;
    }
  }) as PrecompiledValidator;
  Object.defineProperty(limited, 'errors', { get: () => fn.errors, set: (v) => (fn.errors = v), enumerable: true });
  return limited;
}
