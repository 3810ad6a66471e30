import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RagChip } from '../../src/status/RagChip';

/** Every colour, with its word: the dot never speaks alone. */
function AllColours({ manual }: { manual: boolean }) {
  return (
    <Stack direction="row" spacing={1}>
      <RagChip rag="green" manual={manual} />
      <RagChip rag="amber" manual={manual} />
      <RagChip rag="red" manual={manual} />
    </Stack>
  );
}

const meta = {
  title: 'Tracker/RAG chip',
  component: AllColours,
} satisfies Meta<typeof AllColours>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Computed from the tasks. */
export const Computed: Story = { args: { manual: false } };

/** Set by a manager (the override). */
export const Override: Story = { args: { manual: true } };
