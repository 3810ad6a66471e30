/**
 * The lists an optionsFrom field may pick from: every shipped stage's arrays of objects (inline or
 * a shared shape), with the keys their items have. Read from the engine's own stage files, so the
 * editor's props stay `{draft, onChange, disabled}`.
 */
import { shapeFiles, stageFiles } from '../../../engine/stages/files';

export interface StageList {
  stage: string;
  /** The stage's title (an i18n key). */
  stageTitle: string | null;
  /** A JSON pointer into the stage's data (`/franchises`). */
  pointer: string;
  /** The list's title (an i18n key) or null. */
  title: string | null;
  /** The item's plain properties (texts, numbers): the candidates for the value and label keys. */
  keys: string[];
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{$ref: '../shapes/x.json'}` resolved to the shape's schema (one step: shapes are flat enough). */
function resolve(schema: unknown): Obj | null {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') {
    const name = /([^/]+)\.json$/.exec(schema.$ref)?.[1];
    const shape = name ? shapeFiles[name] : undefined;
    return isObject(shape) ? resolve(isObject(shape.schema) ? shape.schema : shape) : null;
  }
  return schema;
}

function listsIn(schema: Obj, at: string, depth: number): Omit<StageList, 'stage' | 'stageTitle'>[] {
  if (!isObject(schema.properties) || depth > 3) return [];
  const out: Omit<StageList, 'stage' | 'stageTitle'>[] = [];
  for (const [name, raw] of Object.entries(schema.properties)) {
    const field = resolve(raw);
    if (!field) continue;
    const pointer = `${at}/${name}`;
    if (field.type === 'array') {
      const items = resolve(field.items);
      if (items && isObject(items.properties)) {
        const keys = Object.entries(items.properties)
          .filter(([, p]) => {
            const v = resolve(p);
            return v !== null && (v.type === 'string' || v.type === 'integer' || v.type === 'number');
          })
          .map(([k]) => k);
        out.push({ pointer, title: typeof field.title === 'string' ? field.title : null, keys });
      }
    } else if (isObject(field.properties)) out.push(...listsIn(field, pointer, depth + 1));
  }
  return out;
}

let cache: StageList[] | null = null;

/** Every list of every shipped stage, by stage in catalogue order. */
export function stageLists(): StageList[] {
  if (cache) return cache;
  cache = Object.entries(stageFiles).flatMap(([stage, file]) => {
    if (!isObject(file) || !isObject(file.schema)) return [];
    const stageTitle = typeof file.title === 'string' ? file.title : null;
    return listsIn(file.schema, '', 0).map((l) => ({ ...l, stage, stageTitle }));
  });
  return cache;
}

/** The key an item is best known by: `id` for the value, `name` / `title` / `label` for the words. */
export function defaultKeys(keys: readonly string[]): { valueKey: string; labelKey: string } {
  const valueKey = keys.includes('id') ? 'id' : keys[0] ?? 'id';
  const labelKey = ['name', 'title', 'label'].find((k) => keys.includes(k)) ?? keys.find((k) => k !== valueKey) ?? valueKey;
  return { valueKey, labelKey };
}
