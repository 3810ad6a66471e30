import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';
import type { AgreementDetail } from './api';

export interface ClosedBannerProps {
  agreement: Pick<AgreementDetail, 'stage' | 'closed_reason' | 'closed_at' | 'events'>;
  /** Staff: copy it to a new draft. */
  onCopy?: () => void;
  copying?: boolean;
}

/**
 * A declined or voided agreement (issue 57): who ended it and when, their reason, and for staff
 * "Copy to a new draft" (nothing else can be done with it but archiving).
 */
export function ClosedBanner({ agreement, onCopy, copying = false }: ClosedBannerProps) {
  const { t, i18n } = useTranslation('agreementForm');
  const { stage } = agreement;
  if (stage !== 'declined' && stage !== 'voided') return null;
  const event = [...agreement.events].reverse().find((e) => e.kind === stage);
  const date = formatDateTime(agreement.closed_at ?? event?.at ?? null, i18n.language);
  const name = event?.name;
  const prefix = stage === 'declined' ? 'turns.declined' : 'turns.voided';
  return (
    <Alert
      severity={stage === 'declined' ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      data-testid="agreement-closed-banner"
      action={
        onCopy && (
          <Button color="inherit" size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={onCopy} disabled={copying} sx={{ whiteSpace: 'nowrap' }} data-testid="agreement-copy">
            {t('turns.copy')}
          </Button>
        )
      }
    >
      <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {name ? t(`${prefix}By`, { name, date }) : t(`${prefix}On`, { date })}
      </Box>
      {agreement.closed_reason && (
        <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="agreement-closed-reason">
          {t('turns.reasonShown', { reason: agreement.closed_reason })}
        </Box>
      )}
    </Alert>
  );
}
