/**
 * Where a thread is in a stage's data (issue 55). A thread is anchored to a JSON pointer (RFC 6901)
 * inside the stage's data as written, or '' for the stage as a whole. When the pointer passes
 * through a row of a list whose rows have ids (engine stageListIdPaths: `locations`, ...), the
 * thread also keeps that list's pointer and the row's id, so it follows its row: its pointer is
 * answered from where the row is now, and a removed row leaves it orphaned (the pointer as written).
 * The outermost such list is the one followed.
 */
import { getStage, hasStage, stageListIdPaths, withCatalogue, type Catalogue } from '../../engine';

const INDEX = /^(0|[1-9][0-9]{0,8})$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The tokens of a pointer ('' -> []); null when it is not a JSON pointer. */
export function pointerTokens(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  // '~' must be followed by 0 or 1.
  if (tokens.some((t) => /~(?![01])/.test(t))) return null;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');
export const toPointer = (tokens: readonly string[]) => tokens.map((t) => `/${escapeToken(t)}`).join('');

/** The value at `tokens` inside `data`, or undefined when the path does not resolve. */
export function valueAt(data: unknown, tokens: readonly string[]): unknown {
  let at: unknown = data;
  for (const token of tokens) {
    if (Array.isArray(at)) {
      if (!INDEX.test(token) || Number(token) >= at.length) return undefined;
      at = at[Number(token)];
    } else if (isObject(at)) {
      if (!Object.prototype.hasOwnProperty.call(at, token)) return undefined;
      at = at[token];
    } else {
      return undefined;
    }
  }
  return at;
}

export interface Anchor {
  /** The pointer as written (checked: it resolves in the data). */
  pointer: string;
  rowList: string | null;
  rowId: string | null;
}

/**
 * A new thread's anchor in `data` (the stage's current data), or null when the pointer is not a
 * JSON pointer or does not resolve inside the data. `catalogue`: the config's (its pinned versions;
 * a stage born in the editor is only there), so its schema and lists with ids are the config's.
 */
export function anchorOf(slug: string, data: unknown, pointer: string, catalogue?: Catalogue): Anchor | null {
  return withCatalogue(catalogue, () => anchorIn(slug, data, pointer));
}

function anchorIn(slug: string, data: unknown, pointer: string): Anchor | null {
  const tokens = pointerTokens(pointer);
  if (!tokens) return null;
  if (!tokens.length) return { pointer: '', rowList: null, rowId: null };
  // A field left empty is what a reviewer most often points at ("please give the postcode"): the
  // pointer may lead to a field the stage's schema has and the data does not hold yet, as long as
  // every row it passes through exists (a thread cannot wait for a row nobody added).
  if (valueAt(data, tokens) === undefined && !(hasStage(slug) && fieldOfSchema(getStage(slug).schema, data, tokens))) return null;
  for (const path of stageListIdPaths(slug)) {
    if (tokens.length <= path.length) continue;
    const inList = path.every((part, i) => (part === '*' ? INDEX.test(tokens[i]) : tokens[i] === part));
    if (!inList) continue;
    const row = valueAt(data, tokens.slice(0, path.length + 1));
    if (isObject(row) && typeof row.id === 'string' && row.id !== '') {
      return { pointer, rowList: toPointer(tokens.slice(0, path.length)), rowId: row.id };
    }
  }
  return { pointer, rowList: null, rowId: null };
}

/** Where a thread is now in `data`: its row's index in its list now, or orphaned when the row is gone. */
export function placeOf(thread: Anchor, data: unknown): { pointer: string; orphaned: boolean } {
  if (thread.rowList === null || thread.rowId === null) return { pointer: thread.pointer, orphaned: false };
  const listTokens = pointerTokens(thread.rowList) ?? [];
  const list = valueAt(data, listTokens);
  const index = Array.isArray(list) ? list.findIndex((row) => isObject(row) && row.id === thread.rowId) : -1;
  if (index < 0) return { pointer: thread.pointer, orphaned: true };
  // The pointer as written: the list, the row's index then, and the rest.
  const rest = (pointerTokens(thread.pointer) ?? []).slice(listTokens.length + 1);
  return { pointer: toPointer([...listTokens, String(index), ...rest]), orphaned: false };
}

type SchemaNode = Record<string, unknown>;
const MAX_REF_HOPS = 16;

/** A local `$ref` (`#/definitions/x`, `#/$defs/x`) followed from the stage's root; other nodes as they are. */
function deref(root: SchemaNode, node: unknown): SchemaNode | null {
  let at = node;
  for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
    const ref = at.$ref;
    if (!ref.startsWith('#')) return null;
    at = valueAt(root, pointerTokens(ref.slice(1)) ?? []);
  }
  return isObject(at) ? at : null;
}

/**
 * Whether `tokens` name a field of the stage's schema, with every list position along the way a row
 * that `data` has: object properties (through `$ref`s and the branches of allOf / anyOf / oneOf, as a
 * conditional field lives in one), and list items by index.
 */
export function fieldOfSchema(root: unknown, data: unknown, tokens: readonly string[]): boolean {
  if (!isObject(root)) return false;
  const walk = (node: unknown, value: unknown, i: number): boolean => {
    const schema = deref(root, node);
    if (!schema) return false;
    if (i === tokens.length) return true;
    const token = tokens[i];
    const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
    if (branches.some((b) => walk(b, value, i))) return true;
    if (isObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, token)) {
      return walk(schema.properties[token], isObject(value) ? value[token] : undefined, i + 1);
    }
    if (schema.items !== undefined && INDEX.test(token)) {
      // A row must exist: its index within the list as the data holds it now.
      if (!Array.isArray(value) || Number(token) >= value.length) return false;
      return walk(Array.isArray(schema.items) ? schema.items[Number(token)] : schema.items, value[Number(token)], i + 1);
    }
    return false;
  };
  return walk(root, data, 0);
}
