import { Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useStageTitles } from '../data/stageCatalogue';
import { formatDateTime } from '../i18n/format';
import type { DashboardActivity } from './api';

const KNOWN_ACTIONS = ['save', 'reset', 'restore', 'add_stage', 'remove_stage', 'import'];

/** The sentence for a revision: an import names its file (it wrote several stages, not "saved" one); so does undoing one. */
function actionOf(a: DashboardActivity): string {
  if (a.action === 'save' && a.new_state === 'submitted') return 'submit';
  if (a.action === 'restore' && a.source) return 'restore_import';
  return KNOWN_ACTIONS.includes(a.action) ? a.action : 'save';
}

/** Revisions of configs' history as sentences: who did what to which stage of which config, and when. */
export function ActivityList({ rows, showCompany = true }: { rows: DashboardActivity[]; showCompany?: boolean }) {
  const { t, i18n } = useTranslation(['dashboard', 'common', 'configurator']);
  const titleOf = useStageTitles(rows.map((a) => a.stage));
  return (
    <List dense disablePadding>
      {rows.map((a) => {
        const action = actionOf(a);
        return (
          <ListItem key={a.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="activity">
            <Typography variant="body2">
              {t(`activity.${action}`, { name: a.user ?? t('activity.someone'), stage: titleOf(a.stage), file: a.source ?? '' })}{' '}
              <Link component={RouterLink} to={a.stage ? `/configurator/${a.config.id}/${a.stage}` : `/configurator/${a.config.id}/dashboard`}>
                {a.config.name}
              </Link>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {showCompany ? `${a.company.name} · ` : ''}
              <time dateTime={a.created_at}>{formatDateTime(a.created_at, i18n.language)}</time>
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
