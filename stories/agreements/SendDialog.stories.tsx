import { Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SendDialog } from '../../src/agreements/SendDialog';

/** Sending an order form for signature (issue 55): the recipient, the reminder (3 days unless changed, or none) and an optional expiry day. */
const meta = {
  title: 'Agreements/Send dialog',
  component: SendDialog,
  args: { open: true, recipient: 'dealer@demo-motors.example', mode: 'send', busy: false, onClose: () => undefined, onSend: () => undefined },
  render: (args) => (
    <>
      <Typography component="p">Demo Motors website 2026</Typography>
      <SendDialog {...args} />
    </>
  ),
} satisfies Meta<typeof SendDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first sending: remind after 3 days, no expiry until one is chosen. */
export const FirstSending: Story = {};

/** An expired order form sent again: the same fields, a new reminder and expiry. */
export const SendAgain: Story = { args: { mode: 'resend' } };

/** The server refused the values (422): its words under the fields. */
export const ServerRefusal: Story = {
  args: { errors: { remind_after_days: 'The reminder must be a whole number of days from 1 to 90, or none.', expires_at: 'The expiry date must be in the future.' } },
};

/** While the sending is on its way: both buttons wait. */
export const Sending: Story = { args: { busy: true } };

const demoUsers = [
  { id: 101, name: 'Sam Taylor', email: 'sam.taylor@demo-motors.example' },
  { id: 102, name: 'Priya Shah', email: 'priya.shah@demo-motors.example' },
];
const searches = {
  searchUsers: async (q: string) => demoUsers.filter((u) => u.name.toLowerCase().includes(q.toLowerCase())),
  searchCountersigners: async () => [{ id: 1, name: 'Alex Admin', email: 'admin@demo.test' }],
};

/** Issue 57: staff choose the signers among the company's users or invite them, order them, and add a countersigner. */
export const ChooseSigners: Story = { args: { companyId: 7, searches } };
