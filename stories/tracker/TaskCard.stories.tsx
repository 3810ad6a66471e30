import { Box } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { boardSx } from '../../src/tracker/board/boardStyles';
import { TaskCard } from '../../src/tracker/board/TaskCard';
import { sampleGroups, sampleTasks } from './sampleBoard';

const meta = {
  title: 'Tracker/Task card',
  component: TaskCard,
  decorators: [(Story) => <Box sx={[boardSx, { width: 272 }]}><Story /></Box>],
} satisfies Meta<typeof TaskCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A milestone with its assignee and due date. */
export const Milestone: Story = { args: { task: sampleTasks[8], group: sampleGroups.get(11), onOpen: () => undefined } };

/** Overdue: said in words and marked, never colour alone. */
export const Overdue: Story = { args: { task: sampleTasks[2], group: sampleGroups.get(11), onOpen: () => undefined } };

/** A group without an icon, no due date, no assignee. */
export const Plain: Story = { args: { task: sampleTasks[10], group: sampleGroups.get(13) } };

/** As it follows the pointer while dragged. */
export const Lifted: Story = { args: { task: sampleTasks[3], group: sampleGroups.get(11), lifted: true } };
