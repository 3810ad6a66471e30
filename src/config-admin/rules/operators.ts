/**
 * Which operators fit which kind of field, and what a new comparison starts as. A yes-no field is
 * on or off; a choice equals, differs from or is one of its choices; a number compares.
 */
import { newComparison, type CompareOp, type Comparison, type Scalar } from './conditionModel';
import type { ConditionField, FieldKind } from './fields';

export const OPS_OF_KIND: Record<FieldKind, readonly CompareOp[]> = {
  boolean: ['truthy', 'falsy'],
  enum: ['==', '!=', 'in', 'truthy', 'falsy'],
  number: ['==', '!=', '<', '<=', '>', '>=', 'truthy', 'falsy'],
  text: ['==', '!=', 'in', 'truthy', 'falsy'],
};

/** The i18n key (under `stages.conditions.ops`) of an operator for a kind of field. */
export function opKey(op: CompareOp, kind: FieldKind): string {
  if (op === 'truthy') return kind === 'boolean' ? 'on' : 'filled';
  if (op === 'falsy') return kind === 'boolean' ? 'off' : 'empty';
  return { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', in: 'in' }[op];
}

/** A field the list does not have (a rule written by hand): its kind guessed from the value compared. */
export function fieldFor(fields: readonly ConditionField[], node: Comparison): ConditionField {
  const known = fields.find((f) => f.path === node.field);
  if (known) return known;
  const sample = Array.isArray(node.value) ? node.value[0] : node.value;
  const kind: FieldKind = typeof sample === 'boolean' ? 'boolean' : typeof sample === 'number' ? 'number' : 'text';
  return { path: node.field, label: node.field, kind };
}

/** The operators offered for a comparison: those of its field's kind, and the one it has. */
export function opsFor(field: ConditionField, current?: CompareOp): CompareOp[] {
  const ops = [...OPS_OF_KIND[field.kind]];
  if (current && !ops.includes(current)) ops.push(current);
  return ops;
}

function defaultValue(field: ConditionField, op: CompareOp): Scalar | Scalar[] | undefined {
  if (op === 'truthy' || op === 'falsy') return undefined;
  if (op === 'in') return [];
  if (field.kind === 'enum') return field.choices?.[0]?.value ?? null;
  if (field.kind === 'number') return 0;
  if (field.kind === 'boolean') return true;
  return '';
}

/** A new comparison on a field: its kind's first operator and a first value. */
export function startComparison(field: ConditionField): Comparison {
  const op = OPS_OF_KIND[field.kind][0];
  return newComparison(field.path, op, defaultValue(field, op));
}

/** The value kept when the operator changes: a single value becomes a list of one and back. */
export function valueForOp(field: ConditionField, op: CompareOp, value: Comparison['value']): Comparison['value'] {
  if (op === 'truthy' || op === 'falsy') return undefined;
  if (op === 'in') return Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  if (Array.isArray(value)) return value.length ? value[0] : defaultValue(field, op);
  return value === undefined ? defaultValue(field, op) : value;
}
