/**
 * Lint of a field's own messages (`ui:options.messages` in the uiSchema, engine/validation/own-messages.ts):
 * an object of supported checks to text keys under `configurator:messages.<slug>.`, on a field the
 * schema has, for checks the field has. A message for a check the field lacks is an error, not a
 * warning: it can never be shown, yet staff would keep translating it into 7 locales, and it most
 * often means the check was removed and its message left behind (the structured editor lists such
 * a message with a Remove button).
 */
import { isPlainObject } from '../json';
import { MESSAGE_CHECKS, type MessageCheck } from '../validation/own-messages';

type Obj = Record<string, unknown>;

const KEY_TAIL = /^[A-Za-z0-9_.-]+$/;
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A bundled schema node with its local `$ref` followed (its own siblings win, as in messages.ts). */
function deref(node: unknown, root: Obj): Obj | undefined {
  if (!isPlainObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
  const target = (root.definitions as Obj | undefined)?.[ref.slice('#/definitions/'.length)];
  return isPlainObject(target) ? { ...target, ...node } : node;
}

/** Whether a field (its schema, the object holding it and its name there) has a check. */
export function fieldHasCheck(check: MessageCheck, schema: Obj, parent: Obj | undefined, name: string | undefined): boolean {
  const num = (k: string) => typeof schema[k] === 'number';
  switch (check) {
    case 'required': {
      // A list of at least one reads "is required" (messages.ts), so it has the required check too.
      if (schema.minItems === 1) return true;
      if (!parent || name === undefined) return false;
      const byLogic = (k: string) => isPlainObject(parent[k]) && Object.hasOwn(parent[k], name);
      return names(parent.required).includes(name) || byLogic('requiredIf') || byLogic('requiredIfLogic');
    }
    case 'pattern':
    case 'format':
      return typeof schema[check] === 'string';
    case 'postcode':
      return schema.postcode !== undefined && schema.postcode !== false;
    case 'minimum':
      return num('minimum') || num('exclusiveMinimum');
    case 'maximum':
      return num('maximum') || num('exclusiveMaximum');
    default:
      return num(check);
  }
}

/**
 * Every problem of the own messages of a stage's uiSchema, each with its pointer in the file.
 * @example messageProblems({ vat: { 'ui:options': { messages: { pattern: 'x' } } } }, schema, 'company-information')
 *   // ['/uiSchema/vat/ui:options/messages/pattern must be a text key starting "configurator:messages.company-information." ...']
 */
export function messageProblems(uiSchema: unknown, bundled: Obj, slug: string): string[] {
  const problems: string[] = [];
  const prefix = `configurator:messages.${slug}.`;
  const checkMessages = (messages: unknown, at: string, schema: Obj | undefined, parent: Obj | undefined, name: string | undefined) => {
    if (!isPlainObject(messages)) {
      problems.push(`${at} must be an object naming checks (${MESSAGE_CHECKS.join(', ')}), each with a text key`);
      return;
    }
    if (!schema) {
      problems.push(`${at}: the schema has no field here, so these messages would never show`);
      return;
    }
    for (const [check, key] of Object.entries(messages)) {
      const where = `${at}/${escape(check)}`;
      if (!(MESSAGE_CHECKS as readonly string[]).includes(check)) {
        problems.push(`${where}: "${check}" is not a check a field may have its own message for (${MESSAGE_CHECKS.join(', ')})`);
      } else if (typeof key !== 'string' || !key.startsWith(prefix) || !KEY_TAIL.test(key.slice(prefix.length))) {
        problems.push(`${where} must be a text key starting "${prefix}" (letters, digits, dots, dashes; the words per locale go in the labels)`);
      } else if (!fieldHasCheck(check as MessageCheck, schema, parent, name)) {
        problems.push(`${where}: the field has no ${check} check, so this message would never show (remove it, or give the field the check)`);
      }
    }
  };
  const walk = (ui: unknown, at: string, schema: Obj | undefined, parent: Obj | undefined, name: string | undefined) => {
    if (!isPlainObject(ui)) return;
    for (const [key, value] of Object.entries(ui)) {
      const where = `${at}/${escape(key)}`;
      if (key === 'ui:options') {
        if (isPlainObject(value) && Object.hasOwn(value, 'messages')) checkMessages(value.messages, `${where}/messages`, schema, parent, name);
      } else if (!key.startsWith('ui:') && isPlainObject(value)) {
        if (key === 'items' && schema?.type === 'array') walk(value, where, deref(schema.items, bundled), undefined, undefined);
        else {
          const props = schema && isPlainObject(schema.properties) ? schema.properties : undefined;
          walk(value, where, props && Object.hasOwn(props, key) ? deref(props[key], bundled) : undefined, schema, key);
        }
      }
    }
  };
  walk(uiSchema, '/uiSchema', bundled, undefined, undefined);
  return problems;
}
