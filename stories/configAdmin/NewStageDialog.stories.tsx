import type { Meta, StoryObj } from '@storybook/react-vite';
import { NewStageDialog } from '../../src/config-admin/stages/NewStageDialog';

/** "New stage" on the stage catalogue (issue 56): a stage from nothing, its title per language, slug, section, place and audience. */
const meta = {
  title: 'Config admin/New stage',
  component: NewStageDialog,
  args: { onClose: () => undefined, onCreated: () => undefined },
} satisfies Meta<typeof NewStageDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** As it opens: English and French titles, the first section, a place after its last stage (over the page it opens from: a dialog renders outside the story's root). */
export const Empty: Story = {
  render: (args) => (
    <>
      <p>Stages</p>
      <NewStageDialog {...args} />
    </>
  ),
};
