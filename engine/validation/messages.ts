/**
 * Turns ajv errors into `FieldError`s: a JSON pointer, an i18n key of spec section 5, its params
 * ({{attribute}}, {{length}}) and the translated message.
 */
import type { ErrorObject } from 'ajv';
import type { FieldError } from '../types';
import { toPointer } from '../json';
import { engineT, type Translate } from './i18n';
import { checksOfKeyword, ownMessageKey, textOf, type MessageCheck } from './own-messages';

export interface MessageOptions {
  lng?: string;
  t?: Translate;
  /** The root schema, so labels behind local `$ref`s (`#/definitions/location`) are found. */
  root?: Record<string, unknown>;
  /**
   * The stage's uiSchema: a field's own messages (`ui:options.messages`, own-messages.ts) replace
   * the generic ones of its checks. Without it every message is the generic one.
   */
  uiSchema?: Record<string, unknown>;
  /** The pointer the errors' paths are relative to (a section's validator): where own messages are looked up. */
  at?: string;
  /**
   * Keep which field each message names (`FieldError.field`), so a renderer in another language
   * can say it again with the field's label in that language: the browser's checks, whose engine
   * texts are English only. Server answers leave it out (they are in the reader's language already).
   */
  withField?: boolean;
}

type Node = Record<string, unknown> | undefined;

/** Follows a local `#/definitions/x` ref (siblings such as `title` win over the target's). */
function deref(node: Node, root: Node): Node {
  const ref = node?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/') || !root) return node;
  const target = (root.definitions as Record<string, Node> | undefined)?.[ref.slice('#/definitions/'.length)];
  return target ? { ...target, ...node } : node;
}

/** Keys that mean "something is missing": not errors while a stage is a draft. */
export const COMPLETENESS_KEYS = new Set(['validation:field.required', 'validation:field.requiredIf']);

const FORMAT_KEYS: Record<string, string> = {
  email: 'validation:field.email',
  'http-url': 'validation:generic.url',
  uri: 'validation:generic.url',
  ipv4: 'validation:generic.ipv4',
  numeric: 'validation:field.numeric',
  phone: 'validation:field.phone',
  'time-hhmm': 'validation:field.time',
  'postcode-uk': 'validation:field.postcode',
  'postcode-fr': 'validation:field.postcode',
};

/**
 * The generic message key and params the engine reports for a check of a field (its schema node):
 * what a field says without its own message, for the stage editor to show beside "Use the portal's
 * message". Mirrors describe() below.
 * @example genericMessage('maxLength', { type: 'string', maxLength: 20 }) // { key: 'validation:field.maxLength', params: { length: 20 } }
 */
export function genericMessage(check: MessageCheck, schema: Readonly<Record<string, unknown>>): { key: string; params: Record<string, unknown> } {
  const limit = (a: string, b: string) => schema[a] ?? schema[b];
  switch (check) {
    case 'format':
      return { key: FORMAT_KEYS[String(schema.format)] ?? 'validation:field.invalid', params: {} };
    case 'minLength':
    case 'maxLength':
    case 'maxItems':
      return { key: `validation:field.${check}`, params: { length: schema[check] } };
    case 'minItems':
      return Number(schema.minItems) <= 1 ? { key: 'validation:field.required', params: {} } : { key: 'validation:field.minItems', params: { length: schema.minItems } };
    case 'minimum':
      return { key: 'validation:field.minimum', params: { limit: limit('minimum', 'exclusiveMinimum') } };
    case 'maximum':
      return { key: 'validation:field.maximum', params: { limit: limit('maximum', 'exclusiveMaximum') } };
    default:
      return { key: `validation:field.${check}`, params: {} };
  }
}

function humanise(prop: string): string {
  const words = prop.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The translated label of a field: its schema title (an i18n key) or `configurator:fields.<prop>`. */
export function fieldLabel(prop: string, title: unknown, t: Translate): string {
  for (const key of [title, `configurator:fields.${prop}`]) {
    if (typeof key !== 'string' || !key) continue;
    if (!key.startsWith('configurator:')) return key;
    const text = t(key);
    if (text && text !== key && text !== key.slice('configurator:'.length)) return text;
  }
  return humanise(prop);
}

function lastSegment(pointer: string): string {
  const seg = pointer.slice(pointer.lastIndexOf('/') + 1);
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Key and params for one ajv error, plus the path it belongs to. */
function describe(e: ErrorObject, root?: Node): { path: string; key: string; params: Record<string, unknown>; prop: string; title: unknown } {
  const parent = deref(e.parentSchema as Node, root);
  const params = e.params as Record<string, unknown>;
  const ownTitle = parent?.title;
  const path = e.instancePath;
  switch (e.keyword) {
    case 'required': {
      const prop = String(params.missingProperty);
      const props = parent?.properties as Record<string, Node> | undefined;
      return { path: `${path}/${prop}`, key: 'validation:field.required', params: {}, prop, title: deref(props?.[prop], root)?.title };
    }
    case 'requiredIfLogic': {
      const prop = String(params.missingProperty);
      const props = parent?.properties as Record<string, Record<string, unknown>> | undefined;
      return { path, key: 'validation:field.requiredIf', params: {}, prop, title: props?.[prop]?.title };
    }
    case 'additionalProperties': {
      // A key the schema does not know: the error belongs to that key, not to the object holding it.
      const prop = String(params.additionalProperty);
      return { path: path + toPointer([prop]), key: 'validation:field.invalid', params: {}, prop, title: undefined };
    }
    case 'noDuplicate': {
      const prop = String(params.property);
      const items = deref(parent?.items as Node, root);
      const title = deref((items?.properties as Record<string, Node> | undefined)?.[prop], root)?.title;
      return { path, key: 'validation:field.duplicate', params: {}, prop, title };
    }
    case 'minLength':
      return { path, key: 'validation:field.minLength', params: { length: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'maxLength':
      return { path, key: 'validation:field.maxLength', params: { length: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'minItems':
      return Number(params.limit) <= 1
        ? { path, key: 'validation:field.required', params: {}, prop: lastSegment(path), title: ownTitle }
        : { path, key: 'validation:field.minItems', params: { length: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'maxItems':
      return { path, key: 'validation:field.maxItems', params: { length: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'format':
      return { path, key: FORMAT_KEYS[String(params.format)] ?? 'validation:field.invalid', params: {}, prop: lastSegment(path), title: ownTitle };
    case 'type': {
      const numeric = ['number', 'integer'].includes(String(params.type));
      return { path, key: numeric ? 'validation:field.numeric' : 'validation:field.type', params: {}, prop: lastSegment(path), title: ownTitle };
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return { path, key: 'validation:field.minimum', params: { limit: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'maximum':
    case 'exclusiveMaximum':
      return { path, key: 'validation:field.maximum', params: { limit: params.limit }, prop: lastSegment(path), title: ownTitle };
    case 'postcode':
    case 'noTestValue':
    case 'gtZero':
    case 'enum':
    case 'pattern':
    case 'uniqueItems':
      return { path, key: `validation:field.${e.keyword}`, params: {}, prop: lastSegment(path), title: ownTitle };
    default:
      return { path, key: 'validation:field.invalid', params: {}, prop: lastSegment(path), title: ownTitle };
  }
}

/** Errors ajv adds for combinators (and our macro keywords) whose real cause is reported separately. */
const NOISE = new Set(['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', '$ref', 'requiredIf']);

/**
 * ajv errors as translated `FieldError`s (one per path and key).
 * @example ajvErrorsToFieldErrors(validate.errors, { lng: 'fr-FR' })
 *   // [{ path: '/companyInformation/postcode', key: 'validation:field.postcode', params: {attribute: 'Code postal'}, message: 'doit être un code postal valide' }]
 */
export function ajvErrorsToFieldErrors(errors: readonly ErrorObject[] | null | undefined, opts: MessageOptions = {}): FieldError[] {
  const t = opts.t ?? engineT(opts.lng);
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (NOISE.has(e.keyword)) continue;
    const d = describe(e, opts.root);
    const id = `${d.path}|${d.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const params = { attribute: fieldLabel(d.prop, d.title, t), ...d.params };
    // The field's own words for this check (en-GB's when the reader's locale has none), else the
    // generic message. `key` stays the generic key (drafts, filters and tests read it); `ownKey`
    // lets a renderer with its own texts (the browser's, which hold published versions' labels)
    // translate it again.
    const ownKey = opts.uiSchema ? ownMessageKey(opts.uiSchema, (opts.at ?? '') + d.path, checksOfKeyword(e.keyword, e.params as Record<string, unknown>)) : undefined;
    const message = (ownKey && textOf(t, ownKey, params)) || t(d.key, params);
    const error: FieldError = ownKey ? { path: d.path, key: d.key, ownKey, params, message } : { path: d.path, key: d.key, params, message };
    if (opts.withField) error.field = typeof d.title === 'string' ? { prop: d.prop, title: d.title } : { prop: d.prop };
    out.push(error);
  }
  return out;
}

/**
 * A translated `FieldError` for a key of ours (checks, lifecycle).
 * @example fieldError('/extras', 'validation:warning.extras', { length: 5 })
 */
export function fieldError(path: string, key: string, params: Record<string, unknown> = {}, opts: MessageOptions = {}): FieldError {
  const t = opts.t ?? engineT(opts.lng);
  return { path, key, params, message: t(key, params) };
}
