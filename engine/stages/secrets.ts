/**
 * Secret fields (`"secret": true` on a string property: payment keys, feed passwords). The engine
 * only knows WHERE they are; the server encrypts them at rest and never sends them out
 * (server/configs/configs.secrets.ts). What leaves the server, and what the engine validates and cascades,
 * is the masked form: a set secret reads `SECRET_SET` ("set"), one not set reads '' or is absent.
 */
import { isPlainObject } from '../json';
import { getStage, hasStage } from './catalogue';

/** The value a secret that is set reads as outside the server (API answers, forms, the engine). */
export const SECRET_SET = 'set';
/** The value a secret reads as in stored revision patches and history ("changed", never the value). */
export const SECRET_CHANGED = 'changed';

/** A secret's place in stage data: property names, `*` for "every item of this list". */
export type SecretPath = readonly string[];

/** By definition, not slug: a published version may add or drop secrets (its definition is its own object). */
const pathsByStage = new WeakMap<object, readonly SecretPath[]>();
const NONE: readonly SecretPath[] = Object.freeze([]);

function collect(schema: unknown, defs: Record<string, unknown>, at: string[], out: SecretPath[], seen: Set<unknown>): void {
  if (!isPlainObject(schema) || seen.has(schema)) return;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/definitions/')) {
    const target = defs[schema.$ref.slice('#/definitions/'.length)];
    seen.add(schema);
    collect(target, defs, at, out, seen);
    seen.delete(schema);
    return;
  }
  if (schema.secret === true) out.push(at);
  if (isPlainObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) collect(sub, defs, [...at, name], out, seen);
  }
  if (isPlainObject(schema.items)) collect(schema.items, defs, [...at, '*'], out, seen);
}

/**
 * Where a stage's secrets are (from its bundled schema; cached). Empty for most stages.
 * @example stageSecretPaths('export-feeds') // [['exportFeeds', '*', 'password']]
 */
export function stageSecretPaths(slug: string): readonly SecretPath[] {
  if (!hasStage(slug)) return NONE;
  const stage = getStage(slug);
  let paths = pathsByStage.get(stage);
  if (!paths) {
    const out: SecretPath[] = [];
    const schema = stage.schema as Record<string, unknown>;
    collect(schema, (schema.definitions as Record<string, unknown>) ?? {}, [], out, new Set());
    paths = Object.freeze(out);
    pathsByStage.set(stage, paths);
  }
  return paths;
}

/**
 * Replaces every value at `path` (from `i`) inside `node` with `replace(value)`; returns `node`
 * itself when nothing changes, else a copy along the changed branches only.
 */
export function mapAtPath(node: unknown, path: SecretPath, replace: (value: unknown, where: (string | number)[]) => unknown, i = 0, where: (string | number)[] = []): unknown {
  if (i === path.length) return replace(node, where);
  const seg = path[i];
  if (seg === '*') {
    if (!Array.isArray(node)) return node;
    let out: unknown[] | null = null;
    node.forEach((item, k) => {
      const next = mapAtPath(item, path, replace, i + 1, [...where, k]);
      if (next !== item) (out ??= node.slice())[k] = next;
    });
    return out ?? node;
  }
  if (!isPlainObject(node)) return node;
  if (!Object.prototype.hasOwnProperty.call(node, seg)) {
    // A missing last segment is offered as undefined (a secret left out of a write is "blank").
    if (i !== path.length - 1) return node;
    const added = replace(undefined, [...where, seg]);
    return added === undefined ? node : { ...node, [seg]: added };
  }
  const next = mapAtPath(node[seg], path, replace, i + 1, [...where, seg]);
  return next === node[seg] ? node : { ...node, [seg]: next };
}

const filled = (v: unknown) => typeof v === 'string' && v !== '';

/**
 * Stage data as it may leave the server: every filled secret reads `SECRET_SET`.
 * @example maskSecrets('export-feeds', { exportFeeds: [{ password: 's3cret' }] }) // { exportFeeds: [{ password: 'set' }] }
 */
export function maskSecrets<T>(slug: string, data: T): T {
  let out: unknown = data;
  for (const path of stageSecretPaths(slug)) out = mapAtPath(out, path, (v) => (filled(v) && v !== SECRET_SET ? SECRET_SET : v));
  return out as T;
}

/**
 * A revision patch value with every secret inside it replaced by `SECRET_CHANGED`. `path` is the
 * patch's path in the whole config (`[slug, ...]`), `value` what the patch writes there.
 */
export function maskPatchValue(path: readonly (string | number)[], value: unknown): unknown {
  const slug = String(path[0]);
  const inner = path.slice(1).map(String);
  let out = value;
  for (const secret of stageSecretPaths(slug)) {
    // The patch addresses the secret itself, or something that holds it.
    const prefix = secret.slice(0, inner.length);
    if (inner.length > secret.length || !prefix.every((seg, k) => seg === '*' || seg === inner[k])) continue;
    out = mapAtPath(out, secret.slice(inner.length), (v) => (v === undefined || v === '' ? v : SECRET_CHANGED));
  }
  return out;
}
