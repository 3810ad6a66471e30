/**
 * The one ajv factory: ajv 8 + ajv-formats + our formats and keywords. The server, the engine's
 * validateStage and the browser form (through `extendAjv`) all validate with the same rules.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { extendAjv } from './extend-ajv';

export interface CreateAjvOptions {
  /** Report every error, not just the first (default true: forms show them all). */
  allErrors?: boolean;
  /** Keep schema and data on errors (default true; labels come from the failing schema's title). */
  verbose?: boolean;
  /** Extra ajv options (e.g. `coerceTypes` or `removeAdditional` for server routes). */
  ajv?: Options;
}

/**
 * A configured ajv instance.
 * @example const ajv = createAjv(); ajv.validate({ type: 'string', format: 'postcode-uk' }, 'SW1A 1AA') // true
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: options.allErrors ?? true,
    verbose: options.verbose ?? true,
    strict: false,
    ...options.ajv,
  });
  addFormats(ajv);
  return extendAjv(ajv);
}
