import GavelIcon from '@mui/icons-material/Gavel';
import { List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../i18n/dataWords';
import { formatDate } from '../i18n/format';
import { trackerApprovalPath } from '../routing/paths/tracker';
import type { DashboardApproval } from './api';
import { CompanyLink } from './CompanyLink';
import { WidgetCard } from './WidgetCard';

/** "Waiting for my approval": variations with a free-of-charge part I may decide, oldest first; decided on the approval page. */
export function ApprovalsWidget({ widget, loading }: { widget?: { total: number; rows: DashboardApproval[] }; loading?: boolean }) {
  const { t } = useTranslation(['dashboard', 'tracker']);
  const words = useDataWords();
  return (
    <WidgetCard id="widget-approvals" title={t('staff.approvals.title')} icon={<GavelIcon />} total={widget?.total} empty={t('staff.approvals.empty')} loading={loading} more={{ to: trackerApprovalPath, label: t('staff.approvals.open') }}>
      <List dense disablePadding>
        {widget?.rows.map((v) => (
          <ListItem key={v.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="approval">
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{v.title}</Typography>
            <Typography variant="body2" component="div">
              {words.project(v.project.name, v.company.name)} · <CompanyLink company={v.company} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {v.raised_by ? t('staff.approvals.raised', { name: v.raised_by, date: formatDate(v.created_at) }) : formatDate(v.created_at)}
            </Typography>
          </ListItem>
        ))}
      </List>
    </WidgetCard>
  );
}
