import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { NotificationRecipient } from '../../contract/tracker';
import { RecipientsPicker } from '../../src/tasks/RecipientsPicker';

/** The picker with its own state, as the notification dialog holds it. */
function Picker({ initial, error }: { initial: NotificationRecipient[]; error?: string }) {
  const [value, setValue] = useState<NotificationRecipient[]>(initial);
  return <RecipientsPicker value={value} onChange={setValue} error={error} />;
}

const meta = {
  title: 'Tasks/Recipients picker',
  component: Picker,
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A task-due notification: the assignee and the project manager. */
export const TaskDue: Story = { args: { initial: ['assignee', 'project_manager'] } };

/** None ticked: the server's refusal under the boxes. */
export const NoneChosen: Story = { args: { initial: [], error: 'Choose at least one.' } };
