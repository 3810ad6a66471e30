import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { OverviewProjectList } from '../../src/tracker/views/OverviewProjectList';
import { sampleOverviewProjects } from './sampleOverview';

const meta = {
  title: 'Projects/Overview project list',
  component: OverviewProjectList,
  decorators: [(Story) => <MemoryRouter><div style={{ maxWidth: 440 }}><Story /></div></MemoryRouter>],
} satisfies Meta<typeof OverviewProjectList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At risk, for a manager with 'edit projects': each name opens the project's summary. */
export const AtRisk: Story = { args: { projects: sampleOverviewProjects, link: true, empty: 'No project is at risk.', testId: 'at-risk-list' } };

/** For 'view projects' only: names are plain text. */
export const ReadOnly: Story = { args: { projects: sampleOverviewProjects, link: false, empty: 'No project is at risk.', testId: 'at-risk-list' } };

/** Nothing due. */
export const Empty: Story = { args: { projects: [], link: true, empty: 'No launch is due.', testId: 'due-list' } };
