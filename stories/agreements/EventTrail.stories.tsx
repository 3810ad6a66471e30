import type { Meta, StoryObj } from '@storybook/react-vite';
import { EventTrail } from '../../src/agreements/EventTrail';
import { declinedAgreement, demoEvents } from './demoSigners';

/** Issue 57: the agreement's append-only trail as staff and the company's users read it. */
const meta = {
  title: 'Agreements/Event trail',
  component: EventTrail,
  args: { events: demoEvents, defaultExpanded: true },
} satisfies Meta<typeof EventTrail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Created, sent (with the document's hash), opened and signed from a phone. */
export const Open: Story = {};

/** Folded, as the agreement page first shows it. */
export const Folded: Story = { args: { defaultExpanded: false } };

/** Ending with a decline and its reason. */
export const WithDecline: Story = { args: { events: declinedAgreement.events } };
