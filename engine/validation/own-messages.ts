/**
 * A field's own error messages (issue 56): staff give a field its own words per check in the
 * stage's uiSchema, never in the JSON Schema (schemas become validator code; texts are data):
 *   "vatNumber": { "ui:options": { "messages": { "pattern": "configurator:messages.company-information.companyInformation.vatNumber.pattern" } } }
 * When the engine reports an error of that check at that field, the message is that key's text
 * with the same params; without a text (in the reader's locale, then en-GB) the generic one stands.
 */
import { parsePointer } from '../json';

/**
 * The checks a field may have its own message for: each is one ajv keyword (or two, the exclusive
 * limit beside the inclusive one) that describe() in messages.ts reports at the field itself. Left
 * out: `type` (the form's inputs cannot send a wrong type), `enum` (a choice list offers only its
 * values), `noDuplicate` (reported at the list, not the field), `noTestValue` / `gtZero` (the
 * portal's own rules, one wording for every field).
 */
export const MESSAGE_CHECKS = ['required', 'pattern', 'format', 'postcode', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
export type MessageCheck = (typeof MESSAGE_CHECKS)[number];

/** Where a field's own message keys live: `configurator:messages.<stage>.`. */
export const MESSAGES_PREFIX = 'configurator:messages.';

const KEYWORD_CHECKS: Readonly<Record<string, readonly MessageCheck[]>> = {
  required: ['required'],
  requiredIfLogic: ['required'],
  pattern: ['pattern'],
  format: ['format'],
  postcode: ['postcode'],
  minLength: ['minLength'],
  maxLength: ['maxLength'],
  minimum: ['minimum'],
  exclusiveMinimum: ['minimum'],
  maximum: ['maximum'],
  exclusiveMaximum: ['maximum'],
  maxItems: ['maxItems'],
};

/**
 * The checks whose own message may replace an ajv error's generic one, in order of preference. A
 * list's `minItems` of 1 reads "is required" (describe() in messages.ts), so its `required` message
 * serves when it has no `minItems` one.
 * @example checksOfKeyword('minItems', { limit: 1 }) // ['minItems', 'required']
 */
export function checksOfKeyword(keyword: string, params: Record<string, unknown>): readonly MessageCheck[] {
  if (keyword === 'minItems') return Number(params.limit) <= 1 ? ['minItems', 'required'] : ['minItems'];
  return KEYWORD_CHECKS[keyword] ?? [];
}

type Ui = Record<string, unknown>;
const isObject = (v: unknown): v is Ui => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The uiSchema node of a field named by an instance pointer: a list position steps into `items`
 * (`/locations/0/vat` -> uiSchema.locations.items.vat). Undefined when the uiSchema has none.
 */
export function uiNodeAt(uiSchema: unknown, pointer: string): Ui | undefined {
  let node: unknown = uiSchema;
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return undefined; // an unsafe key in data is refused elsewhere; it names no uiSchema node
  }
  for (const seg of segments) {
    if (!isObject(node)) return undefined;
    node = /^\d+$/.test(seg) && isObject(node.items) ? node.items : Object.hasOwn(node, seg) ? node[seg] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** The `ui:options.messages` a uiSchema node holds, or undefined. */
export function messagesOfUi(ui: Ui | undefined): Readonly<Record<string, unknown>> | undefined {
  const options = ui?.['ui:options'];
  const messages = isObject(options) ? options.messages : undefined;
  return isObject(messages) ? messages : undefined;
}

/**
 * The own message key for an error of one of `checks` at `pointer`, or undefined.
 * @example ownMessageKey(uiSchema, '/companyInformation/vatNumber', ['pattern']) // 'configurator:messages.company-information.companyInformation.vatNumber.pattern'
 */
export function ownMessageKey(uiSchema: unknown, pointer: string, checks: readonly MessageCheck[]): string | undefined {
  if (!checks.length || !isObject(uiSchema)) return undefined;
  const messages = messagesOfUi(uiNodeAt(uiSchema, pointer));
  if (!messages) return undefined;
  for (const check of checks) {
    const key = messages[check];
    if (typeof key === 'string' && key.startsWith(MESSAGES_PREFIX)) return key;
  }
  return undefined;
}

/**
 * A key's text, or undefined when the translate function has none (i18next answers a missing key
 * with the key itself, with or without its namespace).
 * @example textOf(t, 'configurator:messages.x.vat.pattern', params) // 'Enter the VAT number as GB followed by 9 digits'
 */
export function textOf(t: (key: string, params?: Record<string, unknown>) => string, key: string, params?: Record<string, unknown>): string | undefined {
  const text = t(key, params);
  const bare = key.slice(key.indexOf(':') + 1);
  return typeof text === 'string' && text && text !== key && text !== bare ? text : undefined;
}
