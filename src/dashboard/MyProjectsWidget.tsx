import WorkIcon from '@mui/icons-material/Work';
import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import { PercentBar } from '../status/PercentBar';
import { ProjectTitleLine } from '../status/ProjectTitleLine';
import { trackerAllPath } from '../routing/paths/tracker';
import type { DashboardProject } from './api';
import { CompanyLink } from './CompanyLink';
import { WidgetCard } from './WidgetCard';

export interface MyProjectsWidgetProps {
  widget?: { total: number; rows: DashboardProject[] };
  loading?: boolean;
  /** 'edit projects': each project opens its summary (otherwise its name is plain text). */
  canOpen: boolean;
}

/** "My companies and projects": the projects I manage (project or account manager), red first. */
export function MyProjectsWidget({ widget, loading, canOpen }: MyProjectsWidgetProps) {
  const { t } = useTranslation('dashboard');
  return (
    <WidgetCard
      id="widget-my-projects"
      title={t('staff.myProjects.title')}
      icon={<WorkIcon />}
      total={widget?.total}
      empty={t('staff.myProjects.empty')}
      loading={loading}
      more={canOpen ? { to: trackerAllPath, label: t('staff.myProjects.all') } : undefined}
    >
      <List dense disablePadding>
        {widget?.rows.map((p) => (
          <ListItem key={p.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="my-project">
            <ProjectTitleLine project={p} company={p.company.name} canOpen={canOpen} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <CompanyLink company={p.company} />
              {` · ${t(`staff.myProjects.role.${p.my_role}`)}`}
              {p.launch_date ? ` · ${t('staff.myProjects.launch', { date: formatDate(p.launch_date) })}` : ''}
              {p.overdue_tasks ? ` · ${t('staff.myProjects.overdue', { count: p.overdue_tasks })}` : ''}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <PercentBar value={p.complete_percentage} width="100%" />
            </Box>
          </ListItem>
        ))}
      </List>
    </WidgetCard>
  );
}
