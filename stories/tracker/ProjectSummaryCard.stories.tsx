import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { ProjectSummaryCard } from '../../src/tracker/ProjectSummaryCard';
import { sampleProject } from './sampleBoard';

const meta = {
  title: 'Tracker/Project summary card',
  component: ProjectSummaryCard,
  decorators: [(Story) => <MemoryRouter><div style={{ maxWidth: 900 }}><Story /></div></MemoryRouter>],
} satisfies Meta<typeof ProjectSummaryCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Demo Motors, active and amber: one task overdue, launch in five weeks. */
export const Active: Story = { args: { project: sampleProject } };

/** A new project: no managers, config or agreement yet, nothing due. */
export const New: Story = {
  args: {
    project: { ...sampleProject, status: 'pre-project', rag: 'green', complete_percentage: 0, tasks_done: 0, overdue_tasks: 0, contacts: [], config: null, agreement: null, next_due: [], project_manager: null, account_manager: null },
  },
};

/** Live, with a manager's red override. */
export const LiveOverridden: Story = { args: { project: { ...sampleProject, status: 'live', rag: 'red', rag_manual: 'red', complete_percentage: 100, tasks_done: 12, overdue_tasks: 0 } } };
