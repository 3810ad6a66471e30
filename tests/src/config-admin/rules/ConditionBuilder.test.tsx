// @vitest-environment jsdom
// The condition builder (issue 56): staff draw "Buying online is on and the company's country is
// UK" with buttons and lists and get the JSON-logic the engine runs; an existing rule opens, a value
// changes; a rule it cannot draw is shown as written with the reason.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConditionBuilder } from '../../../../src/config-admin/rules/ConditionBuilder';
import { emptyCondition, fromJsonLogic, toJsonLogic, type Group, type ParsedCondition } from '../../../../src/config-admin/rules/conditionModel';
import type { ConditionField } from '../../../../src/config-admin/rules/fields';
import { renderInLocale } from '../../../engine/react/renderInLocale';

afterEach(cleanup);

const COUNTRY = 'doc.company-information.companyInformation.country';
const FIELDS: ConditionField[] = [
  { path: 'data.sales.buyingOnline', label: 'Buying online', kind: 'boolean' },
  { path: COUNTRY, label: "the company's country", kind: 'enum', choices: [{ value: 'FR', label: 'France' }, { value: 'GB', label: 'UK' }] },
  { path: 'data.sales.deposit', label: 'Deposit', kind: 'number' },
];

function Controlled({ start, seen, logic }: { start: ParsedCondition; seen: unknown[]; logic?: unknown }) {
  const [value, setValue] = useState<ParsedCondition>(start);
  return (
    <ConditionBuilder
      value={value}
      fields={FIELDS}
      logic={logic}
      purpose="show"
      onChange={(next: Group) => {
        seen.push(toJsonLogic(next));
        setValue(next);
      }}
    />
  );
}

const rows = () => screen.queryAllByTestId('condition-row');
const inRow = (i: number, testId: string) => within(rows()[i]).getByTestId(testId) as HTMLSelectElement | HTMLInputElement;
const words = () => screen.getByTestId('condition-words').textContent;

describe('ConditionBuilder', () => {
  it('builds "Buying online is on and the country is UK" and gives the engine its JSON-logic', () => {
    const seen: unknown[] = [];
    renderInLocale(<Controlled start={emptyCondition()} seen={seen} />);
    expect(words()).toBe('Always shown');
    const add = screen.getByRole('button', { name: 'Add condition' });
    fireEvent.click(add);
    expect(rows()).toHaveLength(1);
    // The new condition's field list has the focus: the keyboard goes on from there.
    expect(document.activeElement).toBe(inRow(0, 'condition-field'));
    expect(screen.getByRole('combobox', { name: 'Field' })).toBe(inRow(0, 'condition-field'));
    expect(seen.at(-1)).toEqual({ var: 'data.sales.buyingOnline' });
    expect(words()).toBe('Show when Buying online is on');
    // A yes-no field is only on or off.
    expect([...(inRow(0, 'condition-op') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['is on', 'is off']);

    fireEvent.click(add);
    fireEvent.change(inRow(1, 'condition-field'), { target: { value: COUNTRY } });
    expect([...(inRow(1, 'condition-op') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['equals', 'does not equal', 'is one of', 'is filled in', 'is empty']);
    const value = inRow(1, 'condition-value') as HTMLSelectElement;
    expect([...value.options].map((o) => o.text)).toEqual(['France', 'UK']);
    fireEvent.change(value, { target: { value: '1' } });
    expect(seen.at(-1)).toEqual({ and: [{ var: 'data.sales.buyingOnline' }, { '==': [{ var: COUNTRY }, 'GB'] }] });
    expect(words()).toBe("Show when Buying online is on and the company's country is UK");
    expect(screen.getByRole('group', { name: 'Condition 2' })).toBe(rows()[1]);
  });

  it('opens an existing rule, changes a value and an operator, removes a condition', () => {
    const logic = { and: [{ var: 'data.sales.buyingOnline' }, { '>': [{ var: 'data.sales.deposit' }, 100] }] };
    const seen: unknown[] = [];
    renderInLocale(<Controlled start={fromJsonLogic(logic)} seen={seen} />);
    expect(words()).toBe('Show when Buying online is on and Deposit is more than 100');
    fireEvent.change(inRow(1, 'condition-value'), { target: { value: '250' } });
    expect(seen.at(-1)).toEqual({ and: [{ var: 'data.sales.buyingOnline' }, { '>': [{ var: 'data.sales.deposit' }, 250] }] });
    fireEvent.change(inRow(0, 'condition-op'), { target: { value: 'falsy' } });
    expect(seen.at(-1)).toEqual({ and: [{ '!': { var: 'data.sales.buyingOnline' } }, { '>': [{ var: 'data.sales.deposit' }, 250] }] });
    expect(words()).toBe('Show when Buying online is off and Deposit is more than 250');
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(seen.at(-1)).toEqual({ and: [{ '>': [{ var: 'data.sales.deposit' }, 250] }] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add condition' }));
  });

  it('adds a group: "any of" inside "all of", and a choice that is one of several', () => {
    const seen: unknown[] = [];
    renderInLocale(<Controlled start={fromJsonLogic({ var: 'data.sales.buyingOnline' })} seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    const group = screen.getByRole('group', { name: 'Group 2' });
    fireEvent.change(within(group).getByTestId('condition-field'), { target: { value: COUNTRY } });
    fireEvent.change(within(group).getByTestId('condition-op'), { target: { value: 'in' } });
    // The value chosen before stays chosen: France, now one of a list.
    expect((within(group).getByRole('checkbox', { name: 'France' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'UK' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'France' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Add condition to group 2' }));
    expect(seen.at(-1)).toEqual({ and: [{ var: 'data.sales.buyingOnline' }, { or: [{ in: [{ var: COUNTRY }, ['GB']] }, { var: 'data.sales.buyingOnline' }] }] });
    expect(words()).toBe("Show when Buying online is on and (the company's country is one of UK or Buying online is on)");
  });

  it('shows a rule it cannot draw as written, with the reason, and no controls', () => {
    const logic = { '!=': [{ countWhere: [{ var: 'data.domains' }, 'primary'] }, 1] };
    renderInLocale(<Controlled start={fromJsonLogic(logic)} seen={[]} logic={logic} />);
    expect(screen.getByTestId('condition-unsupported-reason').textContent).toBe(
      'It uses countWhere, one of our own list operations, which the builder cannot draw. It is kept as written: change it in the JSON view.',
    );
    expect(screen.getByLabelText('The rule as written').textContent).toBe(JSON.stringify(logic, null, 2));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks the editor\'s language', () => {
    renderInLocale(<Controlled start={fromJsonLogic({ and: [{ var: 'data.sales.buyingOnline' }, { '==': [{ var: COUNTRY }, 'GB'] }] })} seen={[]} />, 'fr-FR');
    expect(words()).toBe("Afficher si Buying online est activé et the company's country est UK");
    expect(screen.getByRole('button', { name: 'Ajouter une condition' })).toBeTruthy();
  });
});
