import { Stack, TextField, Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { LocalNames } from '../../contract/names';
import { LocalNamesInput } from '../../src/forms/LocalNamesInput';

/**
 * The input under a name field with its own state, as a dialog holds it (a task stage's here); what
 * the API would get is shown under it.
 */
function Field({ name, initial, defaultOpen, errors }: { name: string; initial: LocalNames; defaultOpen?: boolean; errors?: Record<string, string> }) {
  const [value, setValue] = useState<LocalNames>(initial);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <TextField label="Stage name" defaultValue={name} required />
      <LocalNamesInput value={value} onChange={setValue} defaultOpen={defaultOpen} errors={errors} />
      <Typography variant="caption" color="text.secondary">
        Sent: {JSON.stringify(value)}
      </Typography>
    </Stack>
  );
}

const meta = {
  title: 'Forms/Local names input',
  component: Field,
  args: { name: 'To do' },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed under the name, saying how many languages have a text; open it to type them. */
export const Collapsed: Story = { args: { initial: { 'fr-FR': 'À faire', 'nl-NL': 'Te doen' } } };

/** Open, with some locales filled: the empty ones show the stored name to their readers. */
export const OpenWithSomeFilled: Story = { args: { initial: { 'fr-FR': 'À faire', 'fr-BE': 'À faire (Belgique)', 'nl-NL': 'Te doen' }, defaultOpen: true } };

/** The server's refusal of one locale's text, beside that field (the fields open by themselves). */
export const WithError: Story = {
  args: { initial: { 'fr-FR': 'À faire', 'nl-BE': 'Te doen' }, errors: { 'names.nl-BE': 'The text of nl-BE may have at most 200 characters.' } },
};
