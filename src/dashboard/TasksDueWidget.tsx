import EventIcon from '@mui/icons-material/Event';
import FlagIcon from '@mui/icons-material/Flag';
import { Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { formatDate } from '../i18n/format';
import { trackerProfilePath } from '../routing/paths/tracker';
import type { DashboardTask } from './api';
import { WidgetCard } from './WidgetCard';

/** "Tasks due": open tasks of my projects or assigned to me, overdue or due within seven days, earliest first. */
export function TasksDueWidget({ widget, loading, canOpen }: { widget?: { total: number; rows: DashboardTask[] }; loading?: boolean; canOpen: boolean }) {
  const { t } = useTranslation('dashboard');
  const words = useDataWords();
  return (
    <WidgetCard id="widget-tasks-due" title={t('staff.tasks.title')} icon={<EventIcon />} total={widget?.total} empty={t('staff.tasks.empty')} loading={loading}>
      <List dense disablePadding>
        {widget?.rows.map((task) => (
          <ListItem key={task.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="task-due">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {task.milestone ? <FlagIcon fontSize="small" titleAccess={t('staff.tasks.milestone')} /> : null}
              <Typography component="span" sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {words.task(task)}
              </Typography>
              {task.overdue ? (
                <Chip size="small" color="error" label={t('staff.tasks.overdue', { date: formatDate(task.due_date) })} />
              ) : (
                <Typography variant="body2" component="span">
                  {t('staff.tasks.due', { date: formatDate(task.due_date) })}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {canOpen ? (
                <Link component={RouterLink} to={trackerProfilePath(task.project.id, 'tasks')}>
                  {words.project(task.project.name, task.company.name)}
                </Link>
              ) : (
                words.project(task.project.name, task.company.name)
              )}
              {` · ${task.company.name}`}
              {task.assignee ? ` · ${task.assignee}` : ''}
            </Typography>
          </ListItem>
        ))}
      </List>
    </WidgetCard>
  );
}
