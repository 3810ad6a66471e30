import { Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReasonDialog } from '../../src/agreements/ReasonDialog';

/** Issue 57: declining (a signer) or voiding (staff) with a reason, required and counted against its limit. */
const meta = {
  title: 'Agreements/Reason dialog',
  component: ReasonDialog,
  args: { kind: 'decline', open: true, busy: false, onClose: () => undefined, onConfirm: () => undefined },
  // The dialog opens over the agreement page (a portal): something of the page under it.
  render: (args) => (
    <>
      <Typography component="p">Demo Motors website 2026</Typography>
      <ReasonDialog {...args} />
    </>
  ),
} satisfies Meta<typeof ReasonDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Decline: Story = {};

export const Void: Story = { args: { kind: 'void' } };

/** The server refused the reason (422): its words under the field. */
export const ServerRefusal: Story = { args: { error: 'The reason must be at most 1000 characters.' } };
