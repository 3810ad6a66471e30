import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The post statuses the API accepts (contract: post_status). */
export const POST_STATUSES = ['draft', 'published'] as const;

/** A post's status: draft (grey) or published (green). */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === 'published' ? 'success' : 'default'} label={t(`showcasesAdmin.statuses.${status}`, { defaultValue: status })} data-status={status} />;
}
