/**
 * The condition builder's model (issue 56, "Rules drawn, not typed"): a condition as a tree of
 * groups (all / any / not) and comparisons of one field with fixed values, and its exact
 * translation to and from the JSON-logic the engine runs (engine/README.md, "Rules").
 *
 * A field is named by its JSON-logic `var` path as the logic reads it: `data.x.y` (a check: this
 * stage's data), `doc.<slug>.x` (earlier stages), `provider` or `$parent.provider` (a `visibleIf` /
 * `requiredIf`: the object's own fields). The model does not judge which paths exist: the builder's
 * field list does.
 *
 * Round trip: `toJsonLogic(fromJsonLogic(x))` is `x` again, key order included, for every logic the
 * builder can draw; anything else is `{ unsupported }` with a reason, kept as written by the editor.
 * The few spellings JSON-logic allows for one meaning (`{"!": x}` / `{"!": [x]}`, a lone `{"var"}`)
 * are remembered as `style` so a drawn rule is written back the way it was found.
 */
import { customOperations } from '../../../engine';

export type Scalar = string | number | boolean | null;
/** truthy / falsy: "is on / is off" for a yes-no field, "is filled in / is empty" for the others. */
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'truthy' | 'falsy';
export const COMPARE_OPS: readonly CompareOp[] = ['truthy', 'falsy', '==', '!=', '<', '<=', '>', '>=', 'in'];
export type GroupOp = 'all' | 'any' | 'not';
export const GROUP_OPS: readonly GroupOp[] = ['all', 'any', 'not'];

export interface Comparison {
  kind: 'compare';
  id: string;
  field: string;
  op: CompareOp;
  /** A scalar; a list for `in`; none for truthy / falsy. */
  value?: Scalar | Scalar[];
  /** How a truthy / falsy test was spelt: `!!` (`{"!!": [v]}`), `!!obj` (`{"!!": v}`), `[]` (`{"!": [v]}`). */
  style?: '!!' | '!!obj' | '[]';
}

export interface Group {
  kind: 'group';
  id: string;
  op: GroupOp;
  children: Condition[];
  /** The root of a logic that was not written as a group: with one child it is that child alone, with none `true`. */
  implicit?: boolean;
  /** A `not` written `{"!": [x]}`. */
  style?: '[]';
}

export type Condition = Comparison | Group;

export type UnsupportedCode = 'customOperation' | 'operation' | 'notAField' | 'notAValue' | 'fixedValue' | 'fieldDefault';
/** Why a logic cannot be drawn: `at` is the JSON pointer of the part, inside the logic. */
export interface UnsupportedReason {
  code: UnsupportedCode;
  at: string;
  operation?: string;
}
export type ParsedCondition = Group | { unsupported: UnsupportedReason };

const CUSTOM = new Set(Object.keys(customOperations));
const COMPARE_WITH_VALUE = new Set(['==', '!=', '<', '<=', '>', '>=']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is Scalar => v === null || ['string', 'number', 'boolean'].includes(typeof v);

let nextId = 0;
/** A fresh id for a node (React keys; never written into the logic). */
export const newId = (): string => `c${++nextId}`;

export const newGroup = (op: GroupOp = 'all', children: Condition[] = [], implicit = false): Group => ({ kind: 'group', id: newId(), op, children, ...(implicit ? { implicit } : {}) });
export const newComparison = (field: string, op: CompareOp = 'truthy', value?: Scalar | Scalar[]): Comparison => ({ kind: 'compare', id: newId(), field, op, ...(value !== undefined ? { value } : {}) });
/** A rule with no condition yet (it always applies): JSON-logic `true`. */
export const emptyCondition = (): Group => newGroup('all', [], true);

class Unsupported extends Error {
  constructor(readonly reason: UnsupportedReason) {
    super(reason.code);
  }
}
const fail = (code: UnsupportedCode, at: string, operation?: string): never => {
  throw new Unsupported({ code, at, ...(operation ? { operation } : {}) });
};

/** The first custom operation anywhere in the logic (its name says more than "not a field"). */
function firstCustom(logic: unknown, at: string): UnsupportedReason | null {
  if (Array.isArray(logic)) {
    for (let i = 0; i < logic.length; i++) {
      const found = firstCustom(logic[i], `${at}/${i}`);
      if (found) return found;
    }
  } else if (isObject(logic)) {
    for (const [key, value] of Object.entries(logic)) {
      if (CUSTOM.has(key)) return { code: 'customOperation', at, operation: key };
      const found = firstCustom(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found) return found;
    }
  }
  return null;
}

/** The field a `{"var": "path"}` names. */
function fieldOf(logic: unknown, at: string): string {
  if (!isObject(logic) || Object.keys(logic).length !== 1 || !('var' in logic)) return fail('notAField', at);
  const path = logic.var;
  if (Array.isArray(path)) return fail('fieldDefault', at);
  if (typeof path !== 'string' || path === '') return fail('notAField', at);
  return path;
}

const isVar = (logic: unknown): boolean => isObject(logic) && Object.keys(logic).length === 1 && 'var' in logic;

function parse(logic: unknown, at: string): Condition {
  if (!isObject(logic)) return fail('fixedValue', at);
  const keys = Object.keys(logic);
  if (keys.length !== 1) return fail('fixedValue', at);
  const op = keys[0];
  const args = logic[op];
  const argAt = `${at}/${op}`;
  if (op === 'and' || op === 'or') {
    if (!Array.isArray(args)) return fail('operation', at, op);
    return newGroup(op === 'and' ? 'all' : 'any', args.map((a, i) => parse(a, `${argAt}/${i}`)));
  }
  if (op === 'var') return newComparison(fieldOf(logic, at), 'truthy');
  if (op === '!' || op === '!!') {
    const wrapped = Array.isArray(args);
    if (wrapped && args.length !== 1) return fail('operation', at, op);
    const inner: unknown = wrapped ? args[0] : args;
    const innerAt = wrapped ? `${argAt}/0` : argAt;
    if (op === '!!') {
      if (!isVar(inner)) return fail('operation', at, op);
      return { ...newComparison(fieldOf(inner, innerAt), 'truthy'), style: wrapped ? '!!' : '!!obj' };
    }
    if (isVar(inner)) {
      const c = newComparison(fieldOf(inner, innerAt), 'falsy');
      return wrapped ? { ...c, style: '[]' } : c;
    }
    // {"!": {"or": [a, b]}} is "none of a, b"; any other {"!": x} is "not x".
    const innerOr = isObject(inner) && Array.isArray(inner.or) && Object.keys(inner).length === 1 && inner.or.length >= 2 ? (inner.or as unknown[]) : null;
    const children = innerOr ? innerOr.map((a, i) => parse(a, `${innerAt}/or/${i}`)) : [parse(inner, innerAt)];
    const group = newGroup('not', children);
    return wrapped ? { ...group, style: '[]' } : group;
  }
  if (COMPARE_WITH_VALUE.has(op) || op === 'in') {
    if (!Array.isArray(args) || args.length !== 2) return fail('operation', at, op);
    const field = fieldOf(args[0], `${argAt}/0`);
    const value: unknown = args[1];
    if (op === 'in') {
      if (!Array.isArray(value) || !value.every(isScalar)) return fail('notAValue', `${argAt}/1`);
      return newComparison(field, 'in', [...value]);
    }
    if (!isScalar(value)) return fail('notAValue', `${argAt}/1`);
    return newComparison(field, op as CompareOp, value);
  }
  return fail('operation', at, op);
}

/**
 * The tree of a JSON-logic condition (always a group: a lone comparison is an implicit group of one),
 * or why it cannot be drawn.
 * @example fromJsonLogic({ '==': [{ var: 'provider' }, 'stripe'] }) // group { implicit, children: [provider == 'stripe'] }
 * @example fromJsonLogic({ keepIds: [...] }) // { unsupported: { code: 'customOperation', operation: 'keepIds', at: '' } }
 */
export function fromJsonLogic(logic: unknown): ParsedCondition {
  if (logic === true) return emptyCondition();
  const custom = firstCustom(logic, '');
  if (custom) return { unsupported: custom };
  try {
    const node = parse(logic, '');
    return node.kind === 'group' ? node : newGroup('all', [node], true);
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.reason };
    throw error;
  }
}

export const isUnsupported = (parsed: ParsedCondition): parsed is { unsupported: UnsupportedReason } => 'unsupported' in parsed;

/** The JSON-logic of a tree, as the engine runs it. */
export function toJsonLogic(node: Condition): unknown {
  if (node.kind === 'compare') {
    const v = { var: node.field };
    switch (node.op) {
      case 'truthy':
        return node.style === '!!' ? { '!!': [v] } : node.style === '!!obj' ? { '!!': v } : v;
      case 'falsy':
        return { '!': node.style === '[]' ? [v] : v };
      case 'in':
        return { in: [v, Array.isArray(node.value) ? [...node.value] : []] };
      default:
        return { [node.op]: [v, Array.isArray(node.value) ? null : (node.value ?? null)] };
    }
  }
  const children = node.children.map(toJsonLogic);
  if (node.op === 'not') {
    const inner = children.length === 1 ? children[0] : { or: children };
    return { '!': node.style === '[]' ? [inner] : inner };
  }
  if (node.implicit && children.length === 0) return true;
  if (node.implicit && children.length === 1) return children[0];
  return { [node.op === 'all' ? 'and' : 'or']: children };
}
