import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TypeChip, TypeIcon } from '../../src/tasks/TypeChip';
import { SAMPLE_TYPES } from './sampleTypes';

/** Task types as the lists show them: the icon and name, or the initial for a type without an icon. */
function Types({ size }: { size: 'small' | 'medium' }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {SAMPLE_TYPES.map((type) => (
          <TypeChip key={type.name} name={type.name} iconUrl={type.iconUrl} size={size} />
        ))}
      </Stack>
      <Stack direction="row" spacing={1}>
        {SAMPLE_TYPES.map((type) => (
          <TypeIcon key={type.name} name={type.name} iconUrl={type.iconUrl} />
        ))}
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Tasks/Type chip',
  component: Types,
} satisfies Meta<typeof Types>;
export default meta;
type Story = StoryObj<typeof meta>;

/** In a table row (the template list). */
export const Small: Story = { args: { size: 'small' } };

/** Larger, as a heading might show it. */
export const Medium: Story = { args: { size: 'medium' } };
