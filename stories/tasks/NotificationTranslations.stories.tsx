import { Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { NotificationTranslationsFields, type TranslationDrafts } from '../../src/tasks/notifications/NotificationTranslationsFields';
import { TranslationChips } from '../../src/tasks/notifications/TranslationChips';

const FRENCH: TranslationDrafts = {
  'fr-FR': { subject: 'Tâche en retard : {task}', body: 'Bonjour {company},\n\nLa tâche {task} du projet {project} est en retard.' },
  'nl-NL': { subject: 'Taak te laat: {task}', body: 'Beste {company},\n\nDe taak {task} is te laat.' },
};

/** The part with its own state, as the notification dialog holds it, and the list's chips of what it would send. */
function Translations({ initial, errors, open }: { initial: TranslationDrafts; errors?: Record<string, string>; open?: boolean }) {
  const [value, setValue] = useState<TranslationDrafts>(initial);
  const complete = Object.fromEntries(Object.entries(value).filter(([, texts]) => texts.subject.trim() && texts.body.trim()));
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <NotificationTranslationsFields value={value} onChange={setValue} errors={errors} defaultOpen={open} />
      <TranslationChips translations={complete} />
    </Stack>
  );
}

const meta = {
  title: 'Tasks/Notification words in other languages',
  component: Translations,
} satisfies Meta<typeof Translations>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed, as the dialog opens: how many languages have words. */
export const Closed: Story = { args: { initial: FRENCH } };

/** Open on French, its subject and body filled in. */
export const OpenFrench: Story = { args: { initial: FRENCH, open: true } };

/** The server refused an unknown placeholder in the French body: the part opens on French, the words beside the field. */
export const WithError: Story = {
  args: {
    initial: { 'fr-FR': { subject: 'Tâche en retard', body: 'Bonjour {prénom}, la tâche {task} est en retard.' }, 'nl-BE': { subject: 'Taak te laat', body: '' } },
    errors: { 'translations.fr-FR.body': 'Unknown placeholder {prénom}' },
  },
};
