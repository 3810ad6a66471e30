// A condition in words (issue 56), in each language of the editor, for the shipped rules the builder draws.
import { describe, expect, it } from 'vitest';
import { createRendererI18n } from '../../../../engine/react';
import { fromJsonLogic, isUnsupported, type Group } from '../../../../src/config-admin/rules/conditionModel';
import { describeCondition, unsupportedWords, type Translate } from '../../../../src/config-admin/rules/describeCondition';
import type { ConditionField } from '../../../../src/config-admin/rules/fields';

const i18n = createRendererI18n('en-GB');
const tIn = (locale: string) => i18n.getFixedT(locale, 'configAdmin') as unknown as Translate;
const FIELDS: ConditionField[] = [
  { path: 'provider', label: 'Payment provider', kind: 'enum', choices: [{ value: 'stripe', label: 'Stripe' }, { value: 'cybersource', label: 'Cybersource' }] },
  { path: 'deposit', label: 'Deposit', kind: 'boolean' },
  { path: 'depositLevel', label: 'Deposit level', kind: 'number' },
];
const label = (path: string) => FIELDS.find((f) => f.path === path)?.label ?? path;
const fieldOf = (path: string) => FIELDS.find((f) => f.path === path);
const tree = (logic: unknown): Group => {
  const parsed = fromJsonLogic(logic);
  if (isUnsupported(parsed)) throw new Error(JSON.stringify(parsed));
  return parsed;
};

describe('describeCondition', () => {
  it('says a shipped visibleIf / requiredIf in words, choices by their labels', () => {
    const en = tIn('en-GB');
    expect(describeCondition(tree({ '==': [{ var: 'provider' }, 'stripe'] }), en, label, { purpose: 'show', fieldOf })).toBe('Show when Payment provider is Stripe');
    expect(describeCondition(tree({ and: [{ var: 'deposit' }, { '==': [{ var: 'depositLevel' }, 1] }] }), en, label, { purpose: 'require', fieldOf })).toBe('Required when Deposit is on and Deposit level is 1');
    expect(describeCondition(tree({ in: [{ var: 'leadFormat' }, ['adf', 'crm']] }), en, label)).toBe('leadFormat is one of “adf”, “crm”');
    expect(describeCondition(tree({ '!': { var: 'data.terms.accepted' } }), en, label, { purpose: 'flag' })).toBe('Flag when data.terms.accepted is empty');
    expect(describeCondition(tree(true), en, label, { purpose: 'show' })).toBe('Always shown');
  });

  it('groups: any inside all in brackets; none of several; not one', () => {
    const en = tIn('en-GB');
    const logic = { and: [{ var: 'deposit' }, { or: [{ '>=': [{ var: 'depositLevel' }, 2] }, { '!=': [{ var: 'provider' }, 'stripe'] }] }] };
    expect(describeCondition(tree(logic), en, label, { fieldOf })).toBe('Deposit is on and (Deposit level is at least 2 or Payment provider is not Stripe)');
    expect(describeCondition(tree({ '!': { or: [{ var: 'a' }, { var: 'b' }] } }), en, label)).toBe('none of (a is filled in, b is filled in)');
    expect(describeCondition(tree({ '!': { in: [{ var: 'provider' }, ['stripe']] } }), en, label, { fieldOf })).toBe('not (Payment provider is one of Stripe)');
  });

  it('speaks French and Dutch', () => {
    const logic = { and: [{ var: 'deposit' }, { '==': [{ var: 'provider' }, 'stripe'] }] };
    expect(describeCondition(tree(logic), tIn('fr-FR'), label, { purpose: 'show', fieldOf })).toBe('Afficher si Deposit est activé et Payment provider est Stripe');
    expect(describeCondition(tree(logic), tIn('nl-BE'), label, { purpose: 'show', fieldOf })).toBe('Tonen als Deposit staat aan en Payment provider is Stripe');
    const reason = fromJsonLogic({ keepIds: [] });
    if (!isUnsupported(reason)) throw new Error('drawn');
    expect(unsupportedWords(reason.unsupported, tIn('nl-NL'))).toContain('keepIds');
  });
});
