import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { priceSubscription, type Subscription } from '../../engine/agreements';
import { ProductPicker } from '../../src/agreements/ProductPicker';
import { demoAgreement, demoCatalogue } from './demoAgreement';

/** The picker with its own state, as the order form holds it: tick, untick, discount, price. */
function LivePicker({ readOnly = false }: { readOnly?: boolean }) {
  const [subscription, setSubscription] = useState<Subscription>(demoAgreement.subscription);
  const { lines } = priceSubscription(subscription, demoCatalogue, demoAgreement.pricing.counts);
  return <ProductPicker catalogue={demoCatalogue} subscription={subscription} lines={lines} currency="GBP" readOnly={readOnly} onChange={(update) => setSubscription(update)} />;
}

const meta = {
  title: 'Agreements/Product picker',
  component: LivePicker,
} satisfies Meta<typeof LivePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Demo Motors' order form: the website platform bundles its search and calculator (INC); service booking keeps its own cost. */
export const Editable: Story = { args: {} };

/** A sent or signed agreement: the same products, nothing to change. */
export const ReadOnly: Story = { args: { readOnly: true } };
