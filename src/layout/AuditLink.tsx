import HistoryIcon from '@mui/icons-material/History';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditKind } from '../../contract/audit';
import { hasPermission } from '../auth/permissions';
import { auditEntriesPath } from '../routing/paths/audit';
import { useSession } from '../session/useSession';

/**
 * A record's way to its audit log entries (issue 58), on the record's own screen: shown only to
 * those holding 'view audit log' (the server refuses the list to anyone else).
 */
export function AuditLink({ kind, recordId }: { kind: AuditKind; recordId: string | number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!hasPermission(user, 'view audit log')) return null;
  return (
    <Button component={RouterLink} to={auditEntriesPath(kind, recordId)} size="small" startIcon={<HistoryIcon />} title={t('auditLog.seeEntriesLong')} data-testid="audit-link">
      {t('auditLog.seeEntries')}
    </Button>
  );
}
