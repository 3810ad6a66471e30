import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_CHANNELS } from '../../contract/notifications';
import { PreferencesForm } from '../../src/notifications/PreferencesForm';

const meta = {
  title: 'Notifications/Preferences form',
  component: PreferencesForm,
  args: { initial: DEFAULT_CHANNELS, onSave: () => undefined },
} satisfies Meta<typeof PreferencesForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Someone who never chose: each kind's default (replies in the app, the rest by mail). */
export const Defaults: Story = {};

/** Mentions in the daily digest, tasks not at all, and the success text after Save. */
export const Saved: Story = {
  args: {
    initial: { ...DEFAULT_CHANNELS, mention: 'digest', task_due: 'none' },
    outcome: { severity: 'success', messages: ['Notification settings saved.'] },
  },
};

/** A refusal, in the server's words. */
export const Refused: Story = {
  args: { outcome: { severity: 'error', messages: ['preferences.mention must be one of the listed values'] } },
};

/** While the choices are being saved: Save waits. */
export const Saving: Story = { args: { saving: true } };
