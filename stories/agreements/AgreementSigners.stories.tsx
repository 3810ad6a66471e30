import type { Meta, StoryObj } from '@storybook/react-vite';
import { ClosedBanner } from '../../src/agreements/ClosedBanner';
import { SignersList } from '../../src/agreements/SignersList';
import { declinedAgreement, sentToSigners, voidedAgreement } from './demoSigners';

/** Issue 57: who signs an agreement, in order, with their status in words, and whose turn it is. */
const meta = {
  title: 'Agreements/Signers',
  component: SignersList,
  args: { agreement: sentToSigners, viewerId: null },
} satisfies Meta<typeof SignersList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Staff's view: the first signed, the second's turn since 09:20, the countersigner waiting. */
export const InOrder: Story = {};

/** The second signer reads it: "your turn". */
export const YourTurn: Story = { args: { viewerId: 102 } };

/** Parallel: both dealer signers at once, the countersigner after them. */
export const Parallel: Story = {
  args: {
    agreement: {
      ...sentToSigners,
      routing: 'parallel',
      signers: sentToSigners.signers.map((s) => (s.role === 'signer' ? { ...s, status: 'current', signed_at: null, turn_since: '2026-03-02T09:00:00Z' } : s)),
      turn: { signer_ids: [1, 2], since: '2026-03-02T09:00:00Z' },
    },
  },
};

/** Declined by the second signer: the reason and, for staff, Copy to a new draft. */
export const Declined: Story = {
  args: { agreement: declinedAgreement },
  render: (args) => (
    <>
      <ClosedBanner agreement={declinedAgreement} onCopy={() => undefined} />
      <SignersList {...args} />
    </>
  ),
};

/** Voided by staff: the reason; the dealer sees no copy button. */
export const Voided: Story = {
  args: { agreement: voidedAgreement },
  render: (args) => (
    <>
      <ClosedBanner agreement={voidedAgreement} />
      <SignersList {...args} />
    </>
  ),
};
