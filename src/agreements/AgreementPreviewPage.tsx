import BlockIcon from '@mui/icons-material/Block';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { hasPermission } from '../auth/permissions';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { useSession } from '../session/useSession';
import type { AgreementDetail } from './api';
import { AgreementBanner } from './AgreementBanner';
import { agreementEditPath, verifyDocumentPath } from '../routing/paths/agreements';
import { ClosedBanner } from './ClosedBanner';
import { EventTrail } from './EventTrail';
import { ReasonDialog } from './ReasonDialog';
import { SignersList } from './SignersList';
import { viewerSlot } from './turns';
import { useTurnWrites } from './useTurnWrites';
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
 * signed, its PDF, and for the dealer of a sent agreement the signature. Issue 57: the signers and
 * whose turn it is, decline (a current signer) and void (staff) with a reason, a closed one's reason
 * and its copy to a new draft (staff), and the event trail.
 */
export default function AgreementPreviewPage() {
  const { id } = useParams();
  const { t } = useTranslation('agreementForm');
  const { agreement, error, failed, replace } = useAgreement(id);
  // An unknown id or another company's agreement: back where the user was (spec section 2).
  if (useLeaveWhenMissing(error)) return null;
  return (
    <Box data-testid="agreement-preview-page">
      <PageHeading action={agreement ? <AuditLink kind="agreement" recordId={agreement.id} /> : undefined} />
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
  const [closing, setClosing] = useState<'decline' | 'void' | null>(null);
  const writes = useAgreementWrites(agreement, { onStored, onFieldErrors: setErrors });
  const turns = useTurnWrites(agreement, (next) => {
    setClosing(null);
    onStored(next);
  });
  const { catalogue, counts } = agreement.pricing;
  const priced = usePricing(agreement.subscription, catalogue, counts);
  const staff = hasPermission(user, 'edit agreements');
  // Expired unsigned (issue 55): nobody signs it; staff send it again, the dealer waits for that.
  const expired = isExpired(agreement) && !agreement.archived;
  // Issue 57: the reader's place among the signers (their own, or the open slot a company user may
  // take); they sign and may decline while it is their turn. The server checks the same.
  const open = agreement.stage === 'sent' && !agreement.archived && !expired;
  const slot = viewerSlot(agreement, user?.id ?? null, staff);
  const signs = open && slot?.status === 'current';
  const waitsForTurn = open && slot?.status === 'waiting';
  const recipient = agreement.company_details.contact_email ?? '';
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <AgreementStageChip stage={agreement.stage} archived={agreement.archived} />
        <Box sx={{ flexGrow: 1 }} />
        {agreement.stage === 'signed' && (
          <Button component={RouterLink} to={verifyDocumentPath} startIcon={<VerifiedIcon />} data-testid="agreement-verify-link">
            {t('verify.link')}
          </Button>
        )}
        {staff && agreement.stage === 'sent' && !agreement.archived && (
          <Button color="error" startIcon={<BlockIcon />} onClick={() => setClosing('void')} data-testid="agreement-void">
            {t('turns.void')}
          </Button>
        )}
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
      <ClosedBanner agreement={agreement} onCopy={staff && !agreement.archived ? () => turns.copy.mutate() : undefined} copying={turns.copy.isPending} />
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
      {waitsForTurn && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="agreement-not-your-turn">
          {t('signers.notYet')}
        </Alert>
      )}
      {agreement.signers.length > 0 && <SignersList agreement={agreement} viewerId={user?.id ?? null} />}
      {!staff && expired && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="agreement-expired-banner">
          {t('banner.expiredDealer', { date: expiryDate(agreement.expires_at) })}
        </Alert>
      )}
      {texts.ready ? <PreviewDocument agreement={agreement} priced={priced} t={texts.t} locale={texts.locale} /> : <CircularProgress aria-label={t('loading')} />}
      {signs && (
        <Box sx={{ mt: 3, maxWidth: 960 }}>
          <SignPanel
            companyName={agreement.company_details.name ?? agreement.company_name}
            countersign={slot?.role === 'countersigner'}
            shownSha256={agreement.document_sha256 ?? ''}
            busy={writes.sign.isPending}
            errors={errors}
            onSign={(input) => writes.sign.mutate(input)}
          />
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setClosing('decline')} data-testid="agreement-decline">
              {t('turns.decline')}
            </Button>
          </Box>
        </Box>
      )}
      {agreement.events.length > 0 && <EventTrail events={agreement.events} />}
      {closing && (
        <ReasonDialog
          open
          kind={closing}
          busy={turns.decline.isPending || turns.void.isPending}
          error={turns.reasonError}
          onClose={() => {
            setClosing(null);
            turns.clearReasonError();
          }}
          onConfirm={(reason) => (closing === 'decline' ? turns.decline : turns.void).mutate(reason)}
        />
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
