import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import type { AgreementDetail } from './api';

/**
 * Why the order form cannot be changed: signed (immutable, with who signed and when), or sent for
 * signature (read only until recalled: the dealer signs exactly what was sent).
 */
export function AgreementBanner({ agreement, onRecall, recalling = false }: { agreement: AgreementDetail; onRecall?: () => void; recalling?: boolean }) {
  const { t } = useTranslation('agreementForm');
  if (agreement.stage === 'signed') {
    const by = agreement.signature ? t('banner.signedBy', { name: agreement.signature.signer_name, date: formatDate(agreement.signature.signed_at) }) : '';
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="agreement-signed-banner">
        {t('banner.signed')} {by}
      </Alert>
    );
  }
  if (agreement.stage === 'sent') {
    return (
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        data-testid="agreement-sent-banner"
        action={
          onRecall && (
            <Button color="inherit" size="small" onClick={onRecall} disabled={recalling} data-testid="agreement-recall">
              {t('actions.recall')}
            </Button>
          )
        }
      >
        {t('banner.sent', { date: formatDate(agreement.sent_at) })}
      </Alert>
    );
  }
  return null;
}
