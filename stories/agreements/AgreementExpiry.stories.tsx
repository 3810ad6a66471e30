import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgreementBanner } from '../../src/agreements/AgreementBanner';
import { ExpiryChip } from '../../src/agreements/ExpiryChip';
import { demoAgreement } from './demoAgreement';

/** An agreement's expiry (issue 55) where staff and dealers meet it: the list's cell and the order form's banner. */
const meta = {
  title: 'Agreements/Expiry',
  component: ExpiryChip,
  args: { agreement: { stage: 'sent', expires_at: '2099-12-12T23:59:59.999Z', expired: false } },
} satisfies Meta<typeof ExpiryChip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A sent order form with an expiry day: "Expires on 12/12/2099". */
export const ExpiresOn: Story = {};

/** Expired unsigned: the list shows it at a glance. */
export const Expired: Story = { args: { agreement: { stage: 'sent', expires_at: '2026-01-10T23:59:59.999Z', expired: true } } };

/** The order form's banners: sent with its expiry (Recall), and expired (Send again, Recall). */
export const Banners: Story = {
  render: () => (
    <Stack>
      <AgreementBanner agreement={demoAgreement} onRecall={() => undefined} />
      <AgreementBanner agreement={{ ...demoAgreement, expires_at: '2026-01-10T23:59:59.999Z', expired: true }} onRecall={() => undefined} onResend={() => undefined} />
    </Stack>
  ),
};
