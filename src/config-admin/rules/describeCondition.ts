/**
 * A condition in words, in the editor's language: "Show when Buying online is on and the company's
 * region is United Kingdom". Texts: `configAdmin` `stages.conditions.words.*` and
 * `stages.conditions.company.*` (7 locales).
 */
import type { Comparison, Condition, Group, Scalar, UnsupportedReason } from './conditionModel';
import type { ConditionField } from './fields';

/** What the words lead with: none (the condition alone), "Show when ...", "Required when ...", "Flag when ...". */
/** A translator as react-i18next's `t` is called here (the `configAdmin` namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ConditionPurpose = 'show' | 'require' | 'flag';

export interface DescribeOptions {
  purpose?: ConditionPurpose;
  /** The field's kind and choices (yes-no fields read "is on"; a choice reads by its label). */
  fieldOf?: (path: string) => ConditionField | undefined;
}

const W = 'stages.conditions.words';
const OP_WORD: Record<Exclude<Comparison['op'], 'truthy' | 'falsy'>, string> = { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', in: 'in' };

function valueWords(value: Scalar, t: Translate, field: ConditionField | undefined): string {
  const choice = field?.choices?.find((c) => c.value === value);
  if (choice) return choice.label;
  if (value === true) return t(`${W}.yes`);
  if (value === false) return t(`${W}.no`);
  if (value === null) return t(`${W}.nothing`);
  if (typeof value === 'string') return t(`${W}.quoted`, { text: value });
  return String(value);
}

/**
 * The company's facts (`$company.region`, fields.ts companyFields) read as a phrase in a sentence
 * ("the company's region"), not as the field picker's label ("Company's region").
 */
const COMPANY_WORDS: Readonly<Record<string, string>> = { '$company.region': 'stages.conditions.company.regionWords' };

function comparisonWords(node: Comparison, t: Translate, fieldLabel: (path: string) => string, options: DescribeOptions): string {
  const field = options.fieldOf?.(node.field);
  const companyKey = Object.hasOwn(COMPANY_WORDS, node.field) ? COMPANY_WORDS[node.field] : undefined;
  const label = (companyKey ? t(companyKey) : fieldLabel(node.field)) || node.field;
  if (node.op === 'truthy' || node.op === 'falsy') {
    const yesNo = field?.kind === 'boolean';
    return t(`${W}.${node.op === 'truthy' ? (yesNo ? 'on' : 'filled') : yesNo ? 'off' : 'empty'}`, { field: label });
  }
  if (node.op === 'in') {
    const values = (Array.isArray(node.value) ? node.value : []).map((v) => valueWords(v, t, field));
    return t(`${W}.in`, { field: label, values: values.join(t(`${W}.listSeparator`)) });
  }
  const value = Array.isArray(node.value) ? null : (node.value ?? null);
  return t(`${W}.${OP_WORD[node.op]}`, { field: label, value: valueWords(value, t, field) });
}

function words(node: Condition, t: Translate, fieldLabel: (path: string) => string, options: DescribeOptions, nested: boolean): string {
  if (node.kind === 'compare') return comparisonWords(node, t, fieldLabel, options);
  return groupWords(node, t, fieldLabel, options, nested);
}

function groupWords(node: Group, t: Translate, fieldLabel: (path: string) => string, options: DescribeOptions, nested: boolean): string {
  if (!node.children.length) return t(node.op === 'not' ? `${W}.always` : nested ? `${W}.emptyGroup` : `${W}.always`);
  const parts = node.children.map((c) => words(c, t, fieldLabel, options, true));
  if (node.op === 'not') {
    return parts.length === 1 ? t(`${W}.not`, { condition: parts[0] }) : t(`${W}.none`, { conditions: parts.join(t(`${W}.listSeparator`)) });
  }
  if (parts.length === 1) return parts[0];
  const joined = parts.join(` ${t(`${W}.${node.op === 'all' ? 'and' : 'or'}`)} `);
  return nested ? t(`${W}.group`, { condition: joined }) : joined;
}

/**
 * The condition in words; with a purpose, the sentence ("Show when ...").
 * @example describeCondition(tree, t, (p) => labels[p], { purpose: 'show' }) // "Show when Buying online is on and the company's country is United Kingdom"
 */
export function describeCondition(tree: Condition, t: Translate, fieldLabel: (path: string) => string, options: DescribeOptions = {}): string {
  const text = words(tree, t, fieldLabel, options, false);
  const always = tree.kind === 'group' && tree.op !== 'not' && tree.children.length === 0;
  if (!options.purpose) return text;
  return always ? t(`stages.conditions.purpose.${options.purpose}Always`) : t(`stages.conditions.purpose.${options.purpose}`, { condition: text });
}

/** Why a rule cannot be drawn, in words. */
export function unsupportedWords(reason: UnsupportedReason, t: Translate): string {
  return t(`stages.conditions.unsupported.${reason.code}`, { operation: reason.operation ?? '', at: reason.at || '/' });
}
