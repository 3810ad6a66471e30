import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import type { AgreementDetail } from './api';
import { expiryDate, isExpired } from './expiry';

export interface AgreementBannerProps {
  agreement: AgreementDetail;
  onRecall?: () => void;
  recalling?: boolean;
  /** Staff: send an expired agreement again (issue 55). */
  onResend?: () => void;
}

/**
 * Why the order form cannot be changed: signed (immutable, with who signed and when), sent for
 * signature (read only until recalled: the dealer signs exactly what was sent; with its expiry
 * day, if any), or expired unsigned (it can no longer be signed: staff send it again).
 */
export function AgreementBanner({ agreement, onRecall, recalling = false, onResend }: AgreementBannerProps) {
  const { t } = useTranslation('agreementForm');
  if (agreement.stage === 'signed') {
    const by = agreement.signature ? t('banner.signedBy', { name: agreement.signature.signer_name, date: formatDate(agreement.signature.signed_at) }) : '';
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="agreement-signed-banner">
        {t('banner.signed')} {by}
      </Alert>
    );
  }
  if (agreement.stage !== 'sent') return null;
  const recall = onRecall && (
    <Button color="inherit" size="small" onClick={onRecall} disabled={recalling} data-testid="agreement-recall">
      {t('actions.recall')}
    </Button>
  );
  if (isExpired(agreement)) {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="agreement-expired-banner"
        action={
          (onResend || recall) && (
            <Stack direction="row" spacing={1}>
              {onResend && (
                <Button color="inherit" size="small" variant="outlined" onClick={onResend} sx={{ whiteSpace: 'nowrap' }} data-testid="agreement-resend">
                  {t('actions.sendAgain')}
                </Button>
              )}
              {recall}
            </Stack>
          )
        }
      >
        {t('banner.expired', { date: expiryDate(agreement.expires_at) })}
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="agreement-sent-banner" action={recall}>
      {t('banner.sent', { date: formatDate(agreement.sent_at) })}
      {agreement.expires_at && (
        <>
          {' '}
          <span data-testid="agreement-expires">{t('banner.expires', { date: expiryDate(agreement.expires_at) })}</span>
        </>
      )}
    </Alert>
  );
}
