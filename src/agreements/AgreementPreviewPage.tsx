import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { hasPermission } from '../auth/permissions';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { PageHeading } from '../layout/PageHeading';
import { useSession } from '../session/useSession';
import type { AgreementDetail } from './api';
import { AgreementBanner } from './AgreementBanner';
import { agreementEditPath } from '../routing/paths/agreements';
import { expiryDate, isExpired } from './expiry';
import { PreviewDocument } from './PreviewDocument';
import { SendDialog } from './SendDialog';
import { SignPanel } from './SignPanel';
import { AgreementStageChip } from '../status/AgreementStageChip';
import { useAgreement } from './useAgreement';
import { useAgreementTexts } from './useAgreementTexts';
import { useAgreementWrites } from './useAgreementWrites';
import { usePricing } from './usePricing';

/**
 * Route 'Agreement' (`/agreements/{id}/preview`, 'view agreements'): the order form as it will be
 * signed, its PDF, and for the dealer of a sent agreement the signature.
 */
export default function AgreementPreviewPage() {
  const { id } = useParams();
  const { t } = useTranslation('agreementForm');
  const { agreement, error, failed, replace } = useAgreement(id);
  // An unknown id or another company's agreement: back where the user was (spec section 2).
  if (useLeaveWhenMissing(error)) return null;
  return (
    <Box data-testid="agreement-preview-page">
      <PageHeading />
      {failed && <Alert severity="error">{t('loadFailed')}</Alert>}
      {!agreement && !failed && <CircularProgress aria-label={t('loading')} />}
      {agreement && <Preview agreement={agreement} onStored={replace} />}
    </Box>
  );
}

function Preview({ agreement, onStored }: { agreement: AgreementDetail; onStored(next: AgreementDetail): void }) {
  const { t } = useTranslation('agreementForm');
  const { user } = useSession();
  const texts = useAgreementTexts(agreement.lang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resending, setResending] = useState(false);
  const writes = useAgreementWrites(agreement, { onStored, onFieldErrors: setErrors });
  const { catalogue, counts } = agreement.pricing;
  const priced = usePricing(agreement.subscription, catalogue, counts);
  const staff = hasPermission(user, 'edit agreements');
  // Expired unsigned (issue 55): nobody signs it; staff send it again, the dealer waits for that.
  const expired = isExpired(agreement) && !agreement.archived;
  // The dealer signs: a reader without 'edit agreements' (staff send, the dealer's company signs; the server checks it).
  const signs = agreement.stage === 'sent' && !staff && !agreement.archived && !expired;
  const recipient = agreement.company_details.contact_email ?? '';
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <AgreementStageChip stage={agreement.stage} archived={agreement.archived} />
        <Box sx={{ flexGrow: 1 }} />
        {staff && (
          <Button component={RouterLink} to={agreementEditPath(agreement.id)} startIcon={<EditIcon />}>
            {t('actions.edit')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={writes.pdf.isPending} onClick={() => writes.pdf.mutate()} data-testid="agreement-pdf">
          {t('actions.pdf')}
        </Button>
      </Stack>
      {/* The sent banner speaks to staff (read only, recall); the dealer gets the call to sign instead. */}
      {(staff || agreement.stage === 'signed') && <AgreementBanner agreement={agreement} onResend={staff && expired && recipient ? () => setResending(true) : undefined} />}
      {signs && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="agreement-awaits-signature">
          {t('sign.waiting')}
          {agreement.expires_at && (
            <>
              {' '}
              <span data-testid="agreement-expires">{t('banner.expires', { date: expiryDate(agreement.expires_at) })}</span>
            </>
          )}
        </Alert>
      )}
      {!staff && expired && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="agreement-expired-banner">
          {t('banner.expiredDealer', { date: expiryDate(agreement.expires_at) })}
        </Alert>
      )}
      {texts.ready ? <PreviewDocument agreement={agreement} priced={priced} t={texts.t} locale={texts.locale} /> : <CircularProgress aria-label={t('loading')} />}
      {signs && (
        <Box sx={{ mt: 3, maxWidth: 960 }}>
          <SignPanel companyName={agreement.company_details.name ?? agreement.company_name} shownSha256={agreement.document_sha256 ?? ''} busy={writes.sign.isPending} errors={errors} onSign={(input) => writes.sign.mutate(input)} />
        </Box>
      )}
      {resending && (
        <SendDialog
          open
          mode="resend"
          recipient={recipient}
          busy={writes.send.isPending}
          errors={errors}
          onClose={() => setResending(false)}
          onSend={(options) => writes.send.mutate({ recipient, userId: user?.id ?? null, options }, { onSuccess: () => setResending(false) })}
        />
      )}
    </>
  );
}
