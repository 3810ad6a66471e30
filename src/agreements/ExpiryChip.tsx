import { Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AgreementListItem } from './api';
import { expiryDate, isExpired } from './expiry';

/**
 * A sent agreement's expiry where agreements are listed (issue 55): "Expired" once it passed
 * unsigned (staff send it again), else "Expires on dd/mm/yyyy"; nothing without an expiry or once
 * signed or recalled.
 */
export function ExpiryChip({ agreement }: { agreement: Pick<AgreementListItem, 'stage' | 'expires_at' | 'expired'> }) {
  const { t } = useTranslation('agreementForm');
  if (agreement.stage !== 'sent' || !agreement.expires_at) return null;
  if (isExpired(agreement)) return <Chip size="small" color="warning" label={t('stages.expired')} data-testid="agreement-expired" />;
  return (
    <Typography variant="body2" component="span" color="text.secondary" data-testid="agreement-expires" sx={{ whiteSpace: 'nowrap' }}>
      {t('banner.expires', { date: expiryDate(agreement.expires_at) })}
    </Typography>
  );
}
