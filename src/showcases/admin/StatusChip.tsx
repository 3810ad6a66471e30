import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The post statuses the API accepts: one list with the server's (contract/posts.ts). */
export { POST_STATUSES } from '../../../contract/posts';

/** A post's status: draft (grey) or published (green). */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === 'published' ? 'success' : 'default'} label={t(`showcasesAdmin.statuses.${status}`, { defaultValue: status })} data-status={status} />;
}
