// The condition builder's model (issue 56): every condition of the shipped stage files opens in the
// builder and is written back byte for byte, or is reported as not drawable with a reason. The list
// of those it cannot draw is asserted, so a new stage rule the builder cannot open is noticed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLogicOf } from '../../../../src/config-admin/rules/logicOfFile';
import { emptyCondition, fromJsonLogic, isUnsupported, newComparison, newGroup, toJsonLogic } from '../../../../src/config-admin/rules/conditionModel';
import { conditionFields } from '../../../../src/config-admin/rules/fields';
import { addChild, changeComparison, removeNode, updateNode } from '../../../../src/config-admin/rules/treeEdits';

const dir = (name: string) => join(__dirname, '../../../../schemas', name);
const files = (name: string) =>
  readdirSync(dir(name))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `${name}/${f}`, file: JSON.parse(readFileSync(join(dir(name), f), 'utf8')) as unknown }));

describe('every condition of the shipped stage files', () => {
  const all = [...files('stages'), ...files('shapes')].flatMap(({ name, file }) => jsonLogicOf(file).map((l) => ({ ...l, name })));

  it('finds the rules, checks, visibleIf and requiredIf of every file', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((l) => l.at.includes('/visibleIf/'))).toBe(true);
    expect(all.some((l) => l.name === 'shapes/opening-day.json')).toBe(true);
  });

  it('round-trips to the same JSON (key order included) or says why it cannot be drawn', () => {
    const unsupported: string[] = [];
    for (const { name, at, logic } of all) {
      const parsed = fromJsonLogic(logic);
      if (isUnsupported(parsed)) {
        const r = parsed.unsupported;
        expect(r.code, `${name} ${at}`).toMatch(/^(customOperation|operation|notAField|notAValue|fixedValue|fieldDefault)$/);
        unsupported.push(`${name} ${at}: ${r.code}${r.operation ? ` ${r.operation}` : ''} at "${r.at}"`);
      } else {
        expect(JSON.stringify(toJsonLogic(parsed)), `${name} ${at}`).toBe(JSON.stringify(logic));
      }
    }
    // Every cascade uses our own list operations; the checks below compare computed values.
    const drawn = all.length - unsupported.length;
    console.info(`condition builder: ${drawn} of ${all.length} shipped conditions drawn; cannot draw:\n${unsupported.join('\n')}`);
    // Every cascade (a rule) is list work in our own operations, or an `if` choosing a value: none is a condition.
    const rules = unsupported.filter((u) => u.includes('/rules/'));
    expect(rules.filter((u) => !/: customOperation \w+ at|: operation if at/.test(u))).toEqual([]);
    expect(rules).toHaveLength(all.filter((l) => l.at.startsWith('/rules/')).length);
    // The checks it cannot draw count, compute or compare a field with another field.
    expect(unsupported.filter((u) => !u.includes('/rules/'))).toEqual([
      'stages/confirmation.json /checks/1/logic: customOperation incompleteStages at "/!!/0"',
      'stages/departments.json /checks/0/logic: customOperation missingRefs at "/if/1"',
      'stages/domains.json /checks/0/logic: customOperation countWhere at "/!=/0"',
      'stages/email-accounts.json /checks/0/logic: customOperation emailDomain at "/and/0"',
      'stages/extras.json /checks/0/logic: customOperation countWhere at "/>/0"',
      'stages/global-navigation.json /checks/0/logic: customOperation countWhere at "/>/0"',
      'stages/transfer.json /checks/0/logic: notAValue at "/and/1/!/in/1"',
    ]);
  });
});

describe('the model', () => {
  it('an empty rule is `true`; one condition is that condition alone; two are `and`', () => {
    let root = emptyCondition();
    expect(toJsonLogic(root)).toBe(true);
    const online = newComparison('data.buyingOnline.enabled');
    root = addChild(root, root.id, online);
    expect(toJsonLogic(root)).toEqual({ var: 'data.buyingOnline.enabled' });
    root = addChild(root, root.id, newComparison('doc.company-information.companyInformation.country', '==', 'GB'));
    expect(toJsonLogic(root)).toEqual({ and: [{ var: 'data.buyingOnline.enabled' }, { '==': [{ var: 'doc.company-information.companyInformation.country' }, 'GB'] }] });
    root = removeNode(root, online.id);
    expect(toJsonLogic(root)).toEqual({ '==': [{ var: 'doc.company-information.companyInformation.country' }, 'GB'] });
  });

  it('writes every operator as the engine reads it; a new operator drops the old spelling', () => {
    const c = newComparison('x', 'in', ['a', 'b']);
    expect(toJsonLogic(c)).toEqual({ in: [{ var: 'x' }, ['a', 'b']] });
    expect(toJsonLogic(changeComparison(c, { op: 'falsy' }))).toEqual({ '!': { var: 'x' } });
    expect(toJsonLogic(changeComparison(c, { op: '>=', value: 3 }))).toEqual({ '>=': [{ var: 'x' }, 3] });
    const found = fromJsonLogic({ '!!': { var: 'open' } });
    if (isUnsupported(found)) throw new Error('unsupported');
    const edited = updateNode(found, found.children[0].id, (n) => (n.kind === 'compare' ? changeComparison(n, { op: 'falsy' }) : n));
    expect(toJsonLogic(edited)).toEqual({ '!': { var: 'open' } });
    expect(toJsonLogic(newGroup('not', [newComparison('a'), newComparison('b')]))).toEqual({ '!': { or: [{ var: 'a' }, { var: 'b' }] } });
  });

  it('says why it cannot draw a logic, naming the part', () => {
    expect(fromJsonLogic({ keepIds: [{ var: 'value' }, []] })).toEqual({ unsupported: { code: 'customOperation', operation: 'keepIds', at: '' } });
    expect(fromJsonLogic({ and: [{ var: 'a' }, { '==': [{ var: 'b' }, { var: 'c' }] }] })).toEqual({ unsupported: { code: 'notAValue', at: '/and/1/==/1' } });
    expect(fromJsonLogic({ '==': [{ var: ['a', 1] }, 1] })).toEqual({ unsupported: { code: 'fieldDefault', at: '/==/0' } });
    expect(fromJsonLogic({ if: [{ var: 'a' }, 1, 2] })).toEqual({ unsupported: { code: 'operation', operation: 'if', at: '' } });
    expect(fromJsonLogic(false)).toEqual({ unsupported: { code: 'fixedValue', at: '' } });
  });
});

describe('conditionFields', () => {
  it('offers a stage\'s yes-no, choice, number and text fields by their var paths, objects written inline included', () => {
    const file = JSON.parse(readFileSync(join(dir('stages'), 'buying-online.json'), 'utf8')) as { schema: unknown };
    const fields = conditionFields(file.schema, 'doc.buying-online', (title, enumLabels, value) => (enumLabels ? `${enumLabels}.${String(value)}` : (title ?? '')));
    const byPath = Object.fromEntries(fields.map((f) => [f.path, f]));
    expect(byPath['doc.buying-online.payment.deposit']).toEqual({ path: 'doc.buying-online.payment.deposit', label: 'configurator:fields.deposit', kind: 'boolean' });
    expect(byPath['doc.buying-online.payment.provider'].choices).toEqual([
      { value: 'stripe', label: 'configurator:paymentProviders.stripe' },
      { value: 'cybersource', label: 'configurator:paymentProviders.cybersource' },
    ]);
    expect(byPath['doc.buying-online.payment.depositAmount'].kind).toBe('number');
    expect(byPath['doc.buying-online.payment.stripe.accountEmail'].kind).toBe('text');
  });
});
