import { Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useStageCatalogue } from '../data/stageCatalogue';
import { formatDate } from '../i18n/format';
import type { DashboardActivity } from './api';

const KNOWN_ACTIONS = ['save', 'reset', 'restore', 'add_stage', 'remove_stage'];

/** Revisions of configs' history as sentences: who did what to which stage of which config, and when. */
export function ActivityList({ rows, showCompany = true }: { rows: DashboardActivity[]; showCompany?: boolean }) {
  const { t } = useTranslation(['dashboard', 'common', 'configurator']);
  const { data: catalogue } = useStageCatalogue();
  const titleOf = (slug: string | null) => {
    if (!slug) return '';
    const stage = catalogue?.stages.find((s) => s.slug === slug);
    return stage ? t(stage.title) : slug;
  };
  const time = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  return (
    <List dense disablePadding>
      {rows.map((a) => {
        const action = a.action === 'save' && a.new_state === 'submitted' ? 'submit' : KNOWN_ACTIONS.includes(a.action) ? a.action : 'save';
        return (
          <ListItem key={a.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="activity">
            <Typography variant="body2">
              {t(`activity.${action}`, { name: a.user ?? t('activity.someone'), stage: titleOf(a.stage) })}{' '}
              <Link component={RouterLink} to={a.stage ? `/configurator/${a.config.id}/${a.stage}` : `/configurator/${a.config.id}/dashboard`}>
                {a.config.name}
              </Link>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {showCompany ? `${a.company.name} · ` : ''}
              <time dateTime={a.created_at}>{time(a.created_at)}</time>
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
