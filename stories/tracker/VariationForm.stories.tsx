import type { Meta, StoryObj } from '@storybook/react-vite';
import { VariationForm } from '../../src/tracker/VariationForm';

const meta = {
  title: 'Tracker/Variation form',
  component: VariationForm,
  args: { currency: 'GBP', onClose: () => undefined, onSave: () => undefined, inline: true },
} satisfies Meta<typeof VariationForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Raising a variation: type, title, description, effort, cost impact and the free-of-charge part. */
export const Raise: Story = { args: { variation: null } };

/** Changing one that waits for approval, refused by the server with its words. */
export const EditRefused: Story = {
  args: {
    variation: {
      id: 1, project: { id: 7, name: 'Demo Motors launch', company_id: 1, company_name: 'Demo Motors' }, type: 'styling', title: 'Extra brand colours', description: 'Two more brand colours on the home page.',
      total_effort: 6, cost_impact: 450, foc_cost: 150, currency: 'GBP', status: 'pending', raised_by: { id: 2, name: 'Priya Shah' }, decided_by: null, decided_at: null, decision_note: null, revision: 1, created_at: '2026-03-10T09:00:00Z', updated_at: '2026-03-10T09:00:00Z',
    },
    error: 'Value cannot be more than 12',
  },
};

/** In euros (a Belgian dealer's region). */
export const Euros: Story = { args: { variation: null, currency: 'EUR' } };
