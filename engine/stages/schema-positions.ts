/**
 * The schema positions of a stage schema, found by what each keyword holds, never by a key's name:
 * `"properties": {"default": {...}}` is a field named "default" (a schema), while
 * `"default": {...}` is data. The publish checks walk these positions (every regex ajv will run,
 * every expression the engine will evaluate), and the generator of validator modules drops, at
 * each of them, the keywords that would reach the generated code outside a string
 * (`$id` becomes a comment in ajv's output: engine/validation/generate.ts).
 *
 * The keywords below are the whole stage format: the draft-07 vocabulary the engine and rjsf
 * understand plus the engine's own (engine/validation/extend-ajv.ts, stages/*.ts). A stage file
 * using any other keyword is refused (`schemaProblems`): a keyword nobody reads is either a typo
 * or a way to smuggle something past the checks.
 */
import { isPlainObject, toPointer } from '../json';

type Json = Record<string, unknown>;

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set(['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose value maps names (not keywords) to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions']);

/** Keywords whose value is data, a name, a number or JSON-logic: never a schema. */
const VALUE_KEYWORDS = new Set([
  // draft-07, as the engine and rjsf use them
  'type', 'title', 'description', 'default', 'examples', 'enum', 'const', 'format', 'pattern',
  'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minItems', 'maxItems', 'uniqueItems', 'required', 'minProperties', 'maxProperties', 'readOnly', 'writeOnly', '$ref',
  // the engine's (extend-ajv.ts, secrets.ts, references-fields.ts, context-defaults.ts, the renderer)
  'secret', 'refersTo', 'requiredIf', 'requiredIfLogic', 'visibleIf', 'postcode', 'noTestValue', 'gtZero', 'noDuplicate',
  'enumLabels', 'defaultFrom',
]);

/** Every keyword a stage schema may use. */
export const STAGE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...ONE_SCHEMA, ...SCHEMA_LIST, ...SCHEMA_MAP, ...VALUE_KEYWORDS, 'items', 'dependencies']);

/** One schema position: the schema object and its JSON pointer (from the walk's start). */
export interface SchemaPosition {
  node: Json;
  at: string;
}

/**
 * Every schema object in `schema`, outermost first, with its pointer. Iterative (a hostile file
 * may nest deeper than the stack); values of unknown keywords are not schemas and are not visited.
 * @example schemaPositions({ type: 'object', properties: { a: { type: 'string' } } }).map((p) => p.at) // ['', '/properties/a']
 */
export function schemaPositions(schema: unknown, at = ''): SchemaPosition[] {
  const out: SchemaPosition[] = [];
  const stack: { node: unknown; at: string }[] = [{ node: schema, at }];
  while (stack.length) {
    const { node, at: here } = stack.pop()!;
    if (!isPlainObject(node)) continue;
    out.push({ node, at: here });
    const children: { node: unknown; at: string }[] = [];
    for (const [key, value] of Object.entries(node)) {
      const ptr = `${here}${toPointer([key])}`;
      if (ONE_SCHEMA.has(key)) children.push({ node: value, at: ptr });
      else if (SCHEMA_LIST.has(key) && Array.isArray(value)) value.forEach((v, i) => children.push({ node: v, at: `${ptr}/${i}` }));
      else if (SCHEMA_MAP.has(key) && isPlainObject(value)) for (const [name, v] of Object.entries(value)) children.push({ node: v, at: `${ptr}${toPointer([name])}` });
      else if (key === 'items') {
        if (Array.isArray(value)) value.forEach((v, i) => children.push({ node: v, at: `${ptr}/${i}` }));
        else children.push({ node: value, at: ptr });
      } else if (key === 'dependencies' && isPlainObject(value)) {
        // A dependency is a schema, or a list of property names (data).
        for (const [name, v] of Object.entries(value)) if (isPlainObject(v)) children.push({ node: v, at: `${ptr}${toPointer([name])}` });
      }
    }
    // Reversed onto the stack, so positions come out in the file's order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/**
 * Keywords that are never part of a stage schema and would reach ajv's generated code as code
 * (`$id` is written into a comment; the others name or annotate schemas the same way). The
 * generator drops them at every position whatever the publish checks said (defence in depth).
 */
export const CODE_REACHING_KEYWORDS: ReadonlySet<string> = new Set(['$id', '$schema', '$comment', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$vocabulary', 'id']);

/**
 * A copy of `schema` without `CODE_REACHING_KEYWORDS` at any schema position (data under
 * `default`, `enum`, ... is kept as it is: ajv writes it as a JSON string).
 * @example withoutCodeReachingKeywords({ $id: 'x', type: 'string' }) // { type: 'string' }
 */
export function withoutCodeReachingKeywords<T>(schema: T): T {
  const copy = structuredClone(schema);
  for (const { node } of schemaPositions(copy)) {
    // `id` is a keyword only where it is not a property name: properties' keys are not positions.
    for (const key of CODE_REACHING_KEYWORDS) if (Object.prototype.hasOwnProperty.call(node, key)) delete node[key];
  }
  return copy;
}
