import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mui/material';
import { ApprovalsWidget } from '../../src/dashboard/ApprovalsWidget';
import { MyProjectsWidget } from '../../src/dashboard/MyProjectsWidget';
import { ReviewWidget } from '../../src/dashboard/ReviewWidget';
import { TasksDueWidget } from '../../src/dashboard/TasksDueWidget';
import { ActivityList } from '../../src/dashboard/ActivityList';
import { WidgetCard } from '../../src/dashboard/WidgetCard';
import { DashboardStoryFrame, sampleStaff } from './sampleDashboard';

/** The staff dashboard's widgets as GET /dashboard answers them. */
function StaffWidgets({ empty = false, loading = false }: { empty?: boolean; loading?: boolean }) {
  const none = { total: 0, rows: [] };
  const pick = <T,>(w: T) => (loading ? undefined : empty ? (none as T) : w);
  return (
    <DashboardStoryFrame>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <MyProjectsWidget widget={pick(sampleStaff.my_projects)} loading={loading} canOpen />
        <TasksDueWidget widget={pick(sampleStaff.tasks_due)} loading={loading} canOpen />
        <ReviewWidget widget={pick(sampleStaff.review)} loading={loading} />
        <ApprovalsWidget widget={pick(sampleStaff.approvals)} loading={loading} />
        <WidgetCard id="widget-activity" title="Recent activity" icon={null} total={empty ? 0 : 2} empty="No changes yet." loading={loading} hideCount>
          <ActivityList rows={sampleStaff.activity.rows} />
        </WidgetCard>
      </Box>
    </DashboardStoryFrame>
  );
}

const meta = {
  title: 'Dashboard/Staff widgets',
  component: StaffWidgets,
} satisfies Meta<typeof StaffWidgets>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A project manager's morning: a red launch, an overdue milestone, a stage to review, a variation to decide. */
export const WithWork: Story = { args: {} };

/** Nothing waits: every widget says so. */
export const Empty: Story = { args: { empty: true } };

/** While GET /dashboard is read. */
export const Loading: Story = { args: { loading: true } };
