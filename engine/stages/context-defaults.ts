/**
 * Defaults that depend on the config's company (spec section 9: "Default region-country is the
 * company region upper-cased"). A schema annotation names the value: `"defaultFrom": "regionCountry"`
 * on a string field (the country shape carries it, so every country field of every stage follows),
 * and a stage's defaults then hold the company's value there instead of the file's own (GB, the
 * default region's, which is what the defaults say when the company is not known).
 * Generic: no stage or field is named here; stage files and shapes declare it.
 */
import { isPlainObject } from '../json';
import { regionCountry } from '../regions';

/** What a config's defaults may depend on: its company's region (a `region` term slug; none: the default region). */
export interface DefaultsContext {
  region?: string | null;
}

/** The values `defaultFrom` may name. */
const SOURCES = {
  regionCountry: (context: DefaultsContext) => regionCountry(context.region),
} as const satisfies Record<string, (context: DefaultsContext) => unknown>;

/** The names a `defaultFrom` annotation may use (lintStageFile refuses others). */
export const DEFAULT_SOURCES: readonly string[] = Object.keys(SOURCES);

type Schema = Record<string, unknown>;

/** A schema with a local `$ref` (`#/definitions/<name>`, as bundled stage schemas have) followed. */
function resolve(root: Schema, schema: unknown): Schema | undefined {
  let node = schema;
  for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string' && hops < 10; hops++) {
    const name = /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1];
    node = name ? (root.definitions as Schema | undefined)?.[name] : undefined;
  }
  return isPlainObject(node) ? node : undefined;
}

/**
 * `data` (a stage's defaults, mutable) with every field the stage schema marks `defaultFrom` set
 * from `context`: fields the defaults hold, in objects and in list items alike; others are left alone.
 * @example withContextDefaults(getStage('company-information').schema, stageDefaults('company-information'), { region: 'fr' })
 *   // companyInformation.country === 'FR'
 */
export function withContextDefaults<T>(root: Schema, data: T, context: DefaultsContext): T {
  const walk = (schema: Schema | undefined, value: unknown) => {
    if (!schema) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(resolve(root, schema.items), item);
      return;
    }
    if (!isPlainObject(value) || !isPlainObject(schema.properties)) return;
    for (const [key, propSchema] of Object.entries(schema.properties)) {
      if (!Object.hasOwn(value, key)) continue;
      const prop = resolve(root, propSchema);
      const source = prop?.defaultFrom;
      if (typeof source === 'string' && Object.hasOwn(SOURCES, source)) value[key] = SOURCES[source as keyof typeof SOURCES](context);
      else walk(prop, value[key]);
    }
  };
  walk(root, data);
  return data;
}

/**
 * A copy of a stage schema whose `defaultFrom` fields default to the context's value: what a form
 * is given, so a list item added there (a location's address) starts with the company's country
 * as a stage's defaults do. The original is never changed (the catalogue's schemas are shared).
 * @example withContextSchema(getStage('locations').schema, { region: 'fr' }) // the country shape's default is 'FR'
 */
export function withContextSchema<T extends Schema>(root: T, context: DefaultsContext): T {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (!isPlainObject(node)) return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) out[key] = copy(value);
    const source = out.defaultFrom;
    if (typeof source === 'string' && Object.hasOwn(SOURCES, source)) out.default = SOURCES[source as keyof typeof SOURCES](context);
    return out;
  };
  return copy(root) as T;
}
