/**
 * Fields whose value names a record outside the config (a media file, a user, a showcase): the
 * schema annotation `"refersTo": "<kind>"` on a property. The engine cannot see those records, so
 * the server checks each such value a write changes against the database (server/configs/
 * configs.references.ts, one check per kind). Generic: no stage or field is named here; stage files
 * declare it, as `secret` and `defaultFrom`.
 *
 * | kind          | the value                                                        |
 * |---------------|------------------------------------------------------------------|
 * | `logo`        | a media file's guid the config's company may use, meeting the logo rule |
 * | `companyUser` | the id of a user of the config's company                         |
 * | `showcase`    | the guid of a published showcase post                            |
 */
import { isPlainObject } from '../json';
import { getStage } from './catalogue';

export const REFERENCE_KINDS = ['logo', 'companyUser', 'showcase'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface ReferenceField {
  /** Property names from the stage's root (objects only: a list item's field is not followed). */
  path: string[];
  kind: ReferenceKind;
}

type Schema = Record<string, unknown>;

function resolve(root: Schema, node: unknown): Schema | undefined {
  let at = node;
  for (let hops = 0; isPlainObject(at) && typeof at.$ref === 'string' && hops < 10; hops++) {
    const name = /^#\/definitions\/(.+)$/.exec(at.$ref)?.[1];
    at = name ? (root.definitions as Schema | undefined)?.[name] : undefined;
  }
  return isPlainObject(at) ? at : undefined;
}

/** By definition, not slug: a published version may add or drop reference fields. */
const cache = new WeakMap<object, ReferenceField[]>();

/**
 * The stage's `refersTo` fields.
 * @example stageReferenceFields('design') // [{ path: ['branding', 'logo'], kind: 'logo' }]
 */
export function stageReferenceFields(slug: string): ReferenceField[] {
  const stage = getStage(slug);
  const known = cache.get(stage);
  if (known) return known;
  const root = stage.schema as Schema;
  const found: ReferenceField[] = [];
  const walk = (schema: Schema | undefined, path: string[], depth: number) => {
    if (!schema || depth > 20 || !isPlainObject(schema.properties)) return;
    for (const [key, value] of Object.entries(schema.properties)) {
      const prop = resolve(root, value);
      const kind = prop?.refersTo;
      if (typeof kind === 'string' && (REFERENCE_KINDS as readonly string[]).includes(kind)) found.push({ path: [...path, key], kind: kind as ReferenceKind });
      else walk(prop, [...path, key], depth + 1);
    }
  };
  walk(root, [], 0);
  cache.set(stage, found);
  return found;
}
