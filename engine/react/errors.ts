import type { ErrorSchema } from '@rjsf/utils';
import { fieldLabel } from '../validation/messages';
import { pointerToPath, type Path } from './paths';

/** The engine's message shape (engine contract): where, which key, its params, English text. */
export interface FieldErrorLike {
  path: string;
  key: string;
  params: Record<string, unknown>;
  message: string;
  /** The field's own message key (engine/validation/own-messages.ts), when its uiSchema names one. */
  ownKey?: string;
  /** The field the message names, when the browser's checks made it (its label is said again in the form's language). */
  field?: { prop: string; title?: string };
}

type T = (key: string, options?: Record<string, unknown>) => unknown;

/** A text of `t`, or null when it has none for the key (i18next answers the key itself). */
function textOf(t: T, key: string, params: Record<string, unknown>): string | null {
  const text = t(key, { ...params, defaultValue: '' });
  return typeof text === 'string' && text && text !== key && text !== key.slice(key.indexOf(':') + 1) ? text : null;
}

/**
 * An error's text in the form's language. The browser's engine has English texts only, so a message
 * it made is said again with the form's `t`: the field's own message when the form's texts have it
 * (they hold a published version's or a draft's labels), else the generic one, naming the field by
 * its label in that language. A message without a text in `t` stays as the engine made it (a
 * server's answer is in the reader's language already).
 * @example errorText(e, t) // 'doit être un code postal valide' for a French dealer
 */
export function errorText(e: FieldErrorLike, t: T): string {
  const params = e.field ? { ...e.params, attribute: fieldLabel(e.field.prop, e.field.title, (key, p) => String(t(key, p))) } : e.params;
  return (e.ownKey && textOf(t, e.ownKey, params)) || textOf(t, e.key, params) || e.message;
}

/**
 * Reads an engine error path in any of the spellings ajv and rjsf use.
 * @example errorPath('/locations/0/name') // ['locations', 0, 'name']; errorPath('.locations[0].name') too
 */
export function errorPath(path: string): (string | number)[] {
  if (!path) return [];
  if (path.startsWith('/')) return pointerToPath(path);
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\['([^']+)'\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Builds an rjsf ErrorSchema tree from flat engine errors.
 * @example toErrorSchema([{ path: '/name', key: 'required', params: {}, message: 'x' }]) // { name: { __errors: ['x'] } }
 */
export function toErrorSchema(errors: readonly FieldErrorLike[], translate: (e: FieldErrorLike) => string = (e) => e.message): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const e of errors) {
    let node = root;
    for (const seg of errorPath(e.path)) {
      const k = String(seg);
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    const text = translate(e);
    if (!list.includes(text)) list.push(text);
  }
  return root as ErrorSchema;
}

/**
 * Replaces the part of an error tree under `prefix` by the same part of `next` (other sections keep theirs).
 * @example mergeErrorSection(old, fresh, ['hours'])
 */
export function mergeErrorSection(current: ErrorSchema, next: ErrorSchema, prefix: Path): ErrorSchema {
  if (prefix.length === 0) return next;
  const out: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  let src: unknown = next;
  let dst = out;
  for (let i = 0; i < prefix.length; i++) {
    const k = String(prefix[i]);
    src = src && typeof src === 'object' ? (src as Record<string, unknown>)[k] : undefined;
    if (i === prefix.length - 1) {
      if (src === undefined) delete dst[k];
      else dst[k] = src;
    } else {
      const child = dst[k];
      dst[k] = child && typeof child === 'object' ? { ...(child as Record<string, unknown>) } : {};
      dst = dst[k] as Record<string, unknown>;
    }
  }
  return out as ErrorSchema;
}

/** Counts the messages in an error tree (for a summary or a section badge). */
export function countErrors(tree: unknown): number {
  if (!tree || typeof tree !== 'object') return 0;
  let n = 0;
  for (const [k, v] of Object.entries(tree)) n += k === '__errors' ? (v as unknown[]).length : countErrors(v);
  return n;
}
