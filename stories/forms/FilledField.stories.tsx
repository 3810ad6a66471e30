import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FilledField } from '../../src/forms/FilledField';

/** The field with its own state, as the sign-in form holds it. */
function Field({ initial, label, type, required, error, helperText }: { initial: string; label: string; type?: 'text' | 'email' | 'password'; required?: boolean; error?: boolean; helperText?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Stack sx={{ maxWidth: 360 }}>
      <FilledField label={label} type={type} value={value} onChange={(event) => setValue(event.target.value)} required={required} error={error} helperText={helperText} />
    </Stack>
  );
}

const meta = {
  title: 'Forms/Filled field',
  component: Field,
  args: { label: 'Email address', type: 'email', required: true, initial: '' },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, as the sign-in page opens: the label in the field, its star saying it is needed. */
export const Empty: Story = {};

/** Filled in: the label moves up. */
export const WithValue: Story = { args: { initial: 'dealer@demo.test' } };

/** Refused: red, with the words under it. */
export const Refused: Story = { args: { initial: 'dealer@', error: true, helperText: 'Please enter a valid email address.' } };

/** A password: its characters hidden. */
export const Password: Story = { args: { label: 'Password', type: 'password', initial: 'Demo-pass-2026' } };
