import type { Meta, StoryObj } from '@storybook/react-vite';
import { CompanyDashboardView } from '../../src/dashboard/CompanyDashboard';
import { DashboardStoryFrame, sampleCompany } from './sampleDashboard';

const meta = {
  title: 'Dashboard/Company dashboard',
  component: CompanyDashboardView,
  decorators: [(Story) => <DashboardStoryFrame><Story /></DashboardStoryFrame>],
} satisfies Meta<typeof CompanyDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Demo Motors: its config with two stages to review, the order form sent, the launch, two users, the latest changes. */
export const Full: Story = { args: { data: sampleCompany } };

/** What a user holding only 'view projects' is given: the projects. */
export const ProjectsOnly: Story = { args: { data: { company: sampleCompany.company, projects: sampleCompany.projects } } };

/** A new company: every section empty. */
export const Empty: Story = { args: { data: { company: sampleCompany.company, configs: [], agreements: [], projects: [], users: [], activity: [] } } };
