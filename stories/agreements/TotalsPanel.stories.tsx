import type { Meta, StoryObj } from '@storybook/react-vite';
import { priceSubscription, type Subscription } from '../../engine/agreements';
import { TotalsPanel } from '../../src/agreements/TotalsPanel';
import { demoAgreement, demoCatalogue } from './demoAgreement';

function Totals({ change }: { change?: Partial<Subscription> }) {
  const subscription = { ...demoAgreement.subscription, ...change };
  const { totals } = priceSubscription(subscription, demoCatalogue, demoAgreement.pricing.counts);
  return (
    <div style={{ maxWidth: 380 }}>
      <TotalsPanel totals={totals} subscription={subscription} currency="GBP" />
    </div>
  );
}

const meta = {
  title: 'Agreements/Totals panel',
  component: Totals,
} satisfies Meta<typeof Totals>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Set-up paid up front, 10% off the monthly total. */
export const UpFront: Story = { args: {} };

/** The set-up spread over the 36 monthly payments, a custom design and a set-up discount. */
export const SpreadSetUp: Story = { args: { change: { paySetUpPayment: false, designType: 'custom', setUpDiscount: 500 } } };
