import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/permissions';
import { useSession } from '../session/useSession';
import { ActivityList } from './ActivityList';
import { ApprovalsWidget } from './ApprovalsWidget';
import { MyProjectsWidget } from './MyProjectsWidget';
import { ReviewWidget } from './ReviewWidget';
import { TasksDueWidget } from './TasksDueWidget';
import { useStaffDashboard } from './useDashboard';
import { WidgetCard } from './WidgetCard';

/**
 * The staff's dashboard: the widgets GET /dashboard answers (each only with its permission), two
 * columns on a wide screen, one on a phone. While it loads, the widgets the user's permissions
 * promise show placeholders, so nothing jumps when they arrive.
 */
export function StaffDashboard() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const { data, isPending, isError } = useStaffDashboard();
  const may = (...names: Parameters<typeof hasPermission>[1][]) => names.some((n) => hasPermission(user, n));
  const expect = (key: keyof NonNullable<typeof data>, promised: boolean) => (data ? key in data : isPending && promised);
  const canOpenProjects = may('edit projects');
  if (isError) return <Alert severity="error">{t('error')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }} data-testid="staff-dashboard">
      {expect('my_projects', may('view projects', 'edit projects')) && <MyProjectsWidget widget={data?.my_projects} loading={isPending} canOpen={canOpenProjects} />}
      {expect('tasks_due', may('view projects', 'edit projects')) && <TasksDueWidget widget={data?.tasks_due} loading={isPending} canOpen={canOpenProjects} />}
      {expect('review', may('manage configs')) && <ReviewWidget widget={data?.review} loading={isPending} />}
      {expect('approvals', may('approve project tasks') && Boolean(user?.foc_approver)) && <ApprovalsWidget widget={data?.approvals} loading={isPending} />}
      {expect('activity', may('view configs', 'manage configs')) && (
        <WidgetCard id="widget-activity" title={t('staff.activity.title')} icon={<HistoryIcon />} total={data?.activity?.total} empty={t('staff.activity.empty')} loading={isPending} hideCount>
          <ActivityList rows={data?.activity?.rows ?? []} />
        </WidgetCard>
      )}
    </Box>
  );
}
