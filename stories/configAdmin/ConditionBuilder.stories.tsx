import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ConditionBuilder } from '../../src/config-admin/rules/ConditionBuilder';
import { emptyCondition, fromJsonLogic, type ParsedCondition } from '../../src/config-admin/rules/conditionModel';
import type { ConditionPurpose } from '../../src/config-admin/rules/describeCondition';
import type { ConditionField } from '../../src/config-admin/rules/fields';

/** The condition builder of the stage editor (issue 56): rules drawn, not typed. */
const meta = {
  title: 'Config admin/Condition builder',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const COUNTRY = 'doc.company-information.companyInformation.country';
/** This stage's fields and an earlier stage's, as the stage editor will offer them. */
const FIELDS: ConditionField[] = [
  { path: 'data.sales.buyingOnline', label: 'Buying online', kind: 'boolean' },
  { path: COUNTRY, label: "the company's country", kind: 'enum', choices: [{ value: 'GB', label: 'United Kingdom' }, { value: 'FR', label: 'France' }, { value: 'BE', label: 'Belgium' }] },
  { path: 'data.sales.provider', label: 'Finance provider', kind: 'enum', choices: [{ value: 'stripe', label: 'Stripe' }, { value: 'cybersource', label: 'Cybersource' }] },
  { path: 'data.sales.deposit', label: 'Deposit', kind: 'number' },
  { path: 'data.sales.note', label: 'Note for customers', kind: 'text' },
];

/** The builder with its own state, as the stage editor holds it. */
function Builder({ logic, purpose = 'show' }: { logic: unknown; purpose?: ConditionPurpose }) {
  const [value, setValue] = useState<ParsedCondition>(() => (logic === undefined ? emptyCondition() : fromJsonLogic(logic)));
  return <ConditionBuilder value={value} onChange={setValue} fields={FIELDS} logic={logic} purpose={purpose} label="Show Finance provider when" />;
}

/** No condition yet: the field always shows. Add a condition or a group. */
export const Empty: Story = { render: () => <Builder logic={undefined} /> };

/** "Show when Buying online is on and the company's country is United Kingdom". */
export const TwoConditions: Story = {
  render: () => <Builder logic={{ and: [{ var: 'data.sales.buyingOnline' }, { '==': [{ var: COUNTRY }, 'GB'] }] }} />,
};

/** A group of "any of" inside "all of", with a choice that is one of several and a number. */
export const NestedGroup: Story = {
  render: () => (
    <Builder
      purpose="require"
      logic={{ and: [{ var: 'data.sales.buyingOnline' }, { or: [{ in: [{ var: COUNTRY }, ['FR', 'BE']] }, { '>=': [{ var: 'data.sales.deposit' }, 500] }] }] }}
    />
  ),
};

/** A shipped check the builder cannot draw (it counts with our own operation): shown as written, read-only. */
export const Unsupported: Story = {
  render: () => <Builder purpose="flag" logic={{ '!=': [{ countWhere: [{ var: 'data.domains' }, 'primary'] }, 1] }} />,
};
