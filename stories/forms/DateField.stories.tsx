import { Stack, Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateField } from '../../src/forms/DateField';

/** The field with its own state, as a form holds it; the value the API would get is shown under it. */
function Field({ initial, label, error, helperText, fullWidth }: { initial: string; label: string; error?: boolean; helperText?: string; fullWidth?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <Stack spacing={1} sx={{ maxWidth: 360 }}>
      <DateField label={label} value={value} onChange={setValue} error={error} helperText={helperText} fullWidth={fullWidth} data-testid="story-date" />
      <Typography variant="caption" color="text.secondary">
        Stored: {value === '' ? '(none)' : value}
      </Typography>
    </Stack>
  );
}

const meta = {
  title: 'Forms/Date field',
  component: Field,
  args: { label: 'Launch date', fullWidth: true },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A date from the API (2026-06-15), shown 15/06/2026 whatever the locale; the calendar's texts follow the toolbar's locale. */
export const WithDate: Story = { args: { initial: '2026-06-15' } };

/** Empty: type 15062026 (the slashes come by themselves) or pick from the calendar. */
export const Empty: Story = { args: { initial: '' } };

/** The server's words under the field. */
export const Refused: Story = { args: { initial: '2026-03-01', error: true, helperText: 'The launch date must be after the start date.' } };
