import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { priceSubscription } from '../../engine/agreements';
import { PreviewProductTable } from '../../src/agreements/PreviewProductTable';
import { demoAgreement, demoCatalogue } from './demoAgreement';

/** The preview's product table in the story's locale (the page gives it the agreement's). */
function Table() {
  const { t, i18n } = useTranslation(['agreements', 'agreementForm']);
  const { lines } = priceSubscription(demoAgreement.subscription, demoCatalogue, demoAgreement.pricing.counts);
  return <PreviewProductTable lines={lines} currency="GBP" t={t} locale={i18n.language} />;
}

const meta = {
  title: 'Agreements/Preview product table',
  component: Table,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Demo Motors' products as they sign them: INC lines under the platform, extra stock, usage rates, the edited advertising price. */
export const DemoMotors: Story = { args: {} };
