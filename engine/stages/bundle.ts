/**
 * Turns a stage schema with relative shape refs (`../shapes/location.json`, `address.json`) into a
 * self-contained schema: each shape used is copied once into `definitions` and every ref points
 * there (`#/definitions/location`). rjsf only follows local refs, and ajv then needs no registry.
 * Every object schema with `properties` comes out closed (`additionalProperties: false`).
 */
import { isPlainObject } from '../json';

/** Keywords whose values are JSON-logic, `$data` or data (defaults, enums), never schemas. */
const NOT_SCHEMAS = new Set(['requiredIf', 'visibleIf', 'postcode', 'default', 'enum', 'const', 'examples']);

const SHAPE_REF = /^(?:\.\.\/shapes\/|\.\/)?([a-z0-9-]+)\.json(?:#)?$/;

/** The shape name a `$ref` points to, or null for local/unknown refs. */
export function shapeNameOf(ref: string): string | null {
  const m = SHAPE_REF.exec(ref);
  return m ? m[1] : null;
}

/**
 * Bundles shapes into the schema. Unknown shape names are reported through `missing`.
 * @example bundleSchema({ type: 'object', properties: { a: { $ref: '../shapes/id.json' } } }, shapes)
 *   // -> { ..., properties: { a: { $ref: '#/definitions/id' } }, definitions: { id: {...} } }
 */
export function bundleSchema(
  schema: Record<string, unknown>,
  shapes: Record<string, Record<string, unknown>>,
  missing: string[] = [],
): Record<string, unknown> {
  const definitions: Record<string, unknown> = { ...((schema.definitions as Record<string, unknown>) ?? {}) };

  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isPlainObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        const name = shapeNameOf(value);
        if (!name || !shapes[name]) {
          missing.push(value);
          out[key] = value;
          continue;
        }
        if (!(name in definitions)) {
          definitions[name] = {}; // placeholder first: shapes may refer to each other
          definitions[name] = rewrite(shapes[name]);
        }
        out[key] = `#/definitions/${name}`;
      } else if (NOT_SCHEMAS.has(key)) {
        out[key] = value; // keyword values hold JSON-logic / $data / data, not schemas
      } else {
        out[key] = rewrite(value);
      }
    }
    // Closed objects: stage data holds only the fields its stage defines, so a key the schema does
    // not know is refused by validation (422 naming the key) instead of being stored as sent. Done
    // here, where every stage schema and shape passes, so no stage file can forget it.
    if (out.type === 'object' && isPlainObject(out.properties) && !('additionalProperties' in out)) out.additionalProperties = false;
    return out;
  };

  const body = rewrite(schema) as Record<string, unknown>;
  return Object.keys(definitions).length ? { ...body, definitions } : body;
}
