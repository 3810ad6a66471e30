import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import FlagIcon from '@mui/icons-material/Flag';
import { Box, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FRESH, answered } from '../../data/queryPolicies';
import { useDataWords } from '../../i18n/dataWords';
import { formatDate } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { getCompanyProjects } from '../api';
import { PercentBar } from '../../status/PercentBar';
import { trackerKeys } from '../queryKeys';
import { StatusChip } from '../../status/StatusChip';
import type { DealerProject, NextDueTask } from '../types';

const milestonesOf = (p: DealerProject): NextDueTask[] => p.next_milestones;

/**
 * The dealer's dashboard card: how their launch is going (GET /companies/{id}/projects): status,
 * percentage, launch date, the next milestones and whom to call. No notes, risks or costs (the
 * server leaves them out). Nothing without an active company or a project; a failed read leaves
 * the card out.
 */
export function ProjectProgressCard() {
  const { t } = useTranslation('tracker');
  const { company } = useSession();
  const words = useDataWords();
  const { data } = useQuery({
    queryKey: trackerKeys.ofCompany(company?.id ?? 0),
    queryFn: async ({ signal }) => answered(await getCompanyProjects(company!.id, signal)),
    enabled: Boolean(company),
    ...FRESH,
  });
  const projects = (data ?? []).filter((p) => p.status !== 'archived' && p.status !== 'cancelled');
  if (!company || projects.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {projects.slice(0, 3).map((p) => (
        <Card key={p.id} variant="outlined" sx={{ maxWidth: 480 }} data-testid="dashboard-project-card">
          <CardContent>
            <Typography variant="overline" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <RocketLaunchIcon fontSize="small" /> {t('home.overline')}
            </Typography>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {words.project(p.name, company.name)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
              <StatusChip status={p.status} />
              <Typography variant="body2" color="text.secondary">
                {p.launch_date ? t('home.launch', { date: formatDate(p.launch_date) }) : t('home.noLaunch')}
              </Typography>
            </Box>
            <PercentBar value={p.complete_percentage} width="100%" />
            {milestonesOf(p).length ? (
              <>
                <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
                  {t('home.next')}
                </Typography>
                <List dense disablePadding>
                  {milestonesOf(p).slice(0, 3).map((m) => (
                    <ListItem key={m.id} disableGutters>
                      <ListItemText
                        primary={
                          <>
                            <FlagIcon fontSize="inherit" titleAccess={t('task.milestone')} sx={{ verticalAlign: 'middle', mr: 0.5 }} />
                            {words.task(m)}
                          </>
                        }
                        secondary={m.due_date ? t('task.dueOn', { date: formatDate(m.due_date) }) : null}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
            {p.contacts?.length ? (
              <>
                <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
                  {t('home.contacts')}
                </Typography>
                {p.contacts.map((c, i) => (
                  <Typography key={`${c.name}-${i}`} variant="body2">
                    {c.name}
                    {c.role ? ` (${t(`contactRoles.${c.role}`, { defaultValue: c.role })})` : ''}
                    {c.email ? (
                      <>
                        {' · '}
                        <Link href={`mailto:${c.email}`}>{c.email}</Link>
                      </>
                    ) : null}
                    {c.telephone ? ` · ${c.telephone}` : ''}
                  </Typography>
                ))}
              </>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
