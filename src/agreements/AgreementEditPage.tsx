import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/MailOutline';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AGREEMENT_TYPES } from '../../contract/agreements';
import type { CompanyDetails, Subscription } from '../../engine/agreements';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { UnsavedChangesPrompt } from '../routing/UnsavedChangesPrompt';
import { useSession } from '../session/useSession';
import type { AgreementDetail } from './api';
import { AgreementBanner } from './AgreementBanner';
import { ClosedBanner } from './ClosedBanner';
import { CompanyDetailsForm } from './CompanyDetailsForm';
import { changesOf, draftOf, isChanged, type AgreementDraft } from './draft';
import { isExpired } from './expiry';
import { MailDialog } from './MailDialog';
import { currencySymbol, useMoney } from './money';
import { agreementPreviewPath } from '../routing/paths/agreements';
import { ProductPicker } from './ProductPicker';
import { SendDialog } from './SendDialog';
import { AgreementStageChip } from '../status/AgreementStageChip';
import { SubscriptionFields } from './SubscriptionFields';
import { TotalsPanel } from './TotalsPanel';
import { useAgreement } from './useAgreement';
import { useAgreementWrites } from './useAgreementWrites';
import { useTurnWrites } from './useTurnWrites';
import { useCategoryNames } from './useCategoryNames';
import { usePricing } from './usePricing';

/** Route 'Agreement Edit' (`/agreements/{id}/edit`, 'edit agreements'): the staff's order form. */
export default function AgreementEditPage() {
  const { id } = useParams();
  const { t } = useTranslation('agreementForm');
  const { agreement, error, failed, replace } = useAgreement(id);
  // An unknown id or another company's agreement: back where the user was (spec section 2).
  if (useLeaveWhenMissing(error)) return null;
  return (
    <Box data-testid="agreement-edit-page">
      <PageHeading action={agreement ? <AuditLink kind="agreement" recordId={agreement.id} /> : undefined} />
      {failed && <Alert severity="error">{t('loadFailed')}</Alert>}
      {!agreement && !failed && <CircularProgress aria-label={t('loading')} />}
      {/* A stored answer (save, send, recall) starts the form again from what is stored. */}
      {agreement && <AgreementEditor key={`${agreement.updated_at}-${agreement.stage}`} agreement={agreement} onStored={replace} />}
    </Box>
  );
}

function AgreementEditor({ agreement, onStored }: { agreement: AgreementDetail; onStored(next: AgreementDetail): void }) {
  const { t, i18n } = useTranslation(['agreementForm', 'agreements']);
  const { user } = useSession();
  const stored = useMemo(() => draftOf(agreement), [agreement]);
  const [draft, setDraft] = useState<AgreementDraft>(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<'send' | 'resend' | 'mail' | null>(null);
  const writes = useAgreementWrites(agreement, { onStored, onFieldErrors: setErrors });
  const turns = useTurnWrites(agreement, onStored);
  const readOnly = agreement.stage !== 'created' || agreement.archived;
  const changed = !readOnly && isChanged(draft, stored);
  const { catalogue, counts, currency } = agreement.pricing;
  const priced = usePricing(draft.subscription, catalogue, counts);
  const categoryName = useCategoryNames();
  const money = useMoney(currency);

  // Stable updaters: a change to one part re-renders the parts it feeds, not every product row.
  const onSubscription = useCallback((update: (s: Subscription) => Subscription) => setDraft((d) => ({ ...d, subscription: update(d.subscription) })), []);
  const onDetails = useCallback((update: (c: CompanyDetails) => CompanyDetails) => setDraft((d) => ({ ...d, company_details: update(d.company_details) })), []);

  const recipient = draft.company_details.contact_email ?? '';
  const busy = writes.save.isPending || writes.send.isPending;
  // Sent and expired unsigned (issue 55): staff send it again, to the contact, with a new reminder and expiry.
  const expired = isExpired(agreement) && !agreement.archived;
  return (
    <>
      <UnsavedChangesPrompt when={changed} />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="p" data-testid="agreement-name">
          {agreement.name}
        </Typography>
        <Typography color="text.secondary">{agreement.company_name}</Typography>
        <AgreementStageChip stage={agreement.stage} archived={agreement.archived} />
      </Stack>
      <AgreementBanner
        agreement={agreement}
        recalling={writes.save.isPending}
        onRecall={agreement.stage === 'sent' ? () => writes.save.mutate({ stage: 'created' }) : undefined}
        onResend={expired && recipient ? () => setAsking('resend') : undefined}
      />
      {/* Issue 57: the list and the decline mail lead staff here, so a declined or voided one says who, when and why, and offers its copy. */}
      <ClosedBanner agreement={agreement} onCopy={agreement.archived ? undefined : () => turns.copy.mutate()} copying={turns.copy.isPending} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        <Box component="form" noValidate aria-label={t('agreementForm:edit.formLabel')} onSubmit={(e) => e.preventDefault()}>
          <TextField
            select
            size="small"
            label={t('agreementForm:fields.type')}
            value={draft.type}
            disabled={readOnly}
            onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as AgreementDraft['type'] }))}
            sx={{ mb: 2, minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'agreement-type' } }}
          >
            {AGREEMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`agreementForm:types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <CompanyDetailsForm details={draft.company_details} companyId={agreement.company_id} readOnly={readOnly} errors={errors} onChange={onDetails} />
          <SubscriptionFields subscription={draft.subscription} currencySymbol={currencySymbol(currency, i18n.language)} readOnly={readOnly} errors={errors} onChange={onSubscription} />
          <Box component="section" aria-labelledby="agreement-products-title" sx={{ mb: 2 }}>
            <Typography variant="h6" component="h2" id="agreement-products-title" sx={{ mb: 1 }}>
              {t('agreements:pdf.products')}
            </Typography>
            {errors['subscription.products'] && <Alert severity="error">{errors['subscription.products']}</Alert>}
            <ProductPicker catalogue={catalogue} subscription={draft.subscription} lines={priced.lines} currency={currency} readOnly={readOnly} errors={errors} categoryName={categoryName} onChange={onSubscription} />
          </Box>
          <Box component="section" aria-labelledby="agreement-words-title" sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h6" component="h2" id="agreement-words-title">
              {t('agreementForm:edit.words')}
            </Typography>
            <TextField
              label={t('agreementForm:fields.notes')}
              helperText={errors.notes ?? t('agreementForm:fields.notesHelp')}
              error={Boolean(errors.notes)}
              multiline
              minRows={3}
              value={draft.notes}
              disabled={readOnly}
              onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': 'agreement-notes' } }}
            />
            <TextField
              label={t('agreementForm:fields.message')}
              helperText={errors.message ?? t('agreementForm:fields.messageHelp')}
              error={Boolean(errors.message)}
              multiline
              minRows={3}
              value={draft.message}
              disabled={readOnly}
              onChange={(e) => setDraft((d) => ({ ...d, message: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': 'agreement-message' } }}
            />
          </Box>
          {/* Below a desktop the totals come after the whole form: the two figures that matter stay in sight while ticking products. The panel below says them to screen readers. */}
          <Box aria-hidden sx={{ display: { xs: 'flex', lg: 'none' }, position: 'sticky', bottom: 0, zIndex: 2, justifyContent: 'space-between', gap: 2, mt: 2, mx: -2, px: 2, py: 1, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', fontVariantNumeric: 'tabular-nums' }} data-testid="totals-strip">
            <Typography variant="body2">
              {t('agreements:pdf.monthlyContractValue')} <strong>{money(priced.totals.monthlyContractValueMinor)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('agreements:pdf.contractValue')} <strong>{money(priced.totals.contractValueMinor)}</strong>
            </Typography>
          </Box>
        </Box>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, display: 'grid', gap: 2 }}>
          <TotalsPanel totals={priced.totals} subscription={draft.subscription} currency={currency} />
          <Stack spacing={1} data-testid="agreement-actions">
            {!readOnly && (
              <Button variant="contained" startIcon={<SaveIcon />} disabled={!changed || busy} onClick={() => writes.save.mutate(changesOf(draft))} data-testid="agreement-save">
                {t('agreementForm:actions.save')}
              </Button>
            )}
            <Button component={RouterLink} to={agreementPreviewPath(agreement.id)} startIcon={<VisibilityIcon />} variant="outlined">
              {t('agreementForm:actions.preview')}
            </Button>
            {agreement.stage === 'created' && !agreement.archived && (
              <Button variant="outlined" startIcon={<SendIcon />} disabled={changed || busy} onClick={() => setAsking('send')} data-testid="agreement-send">
                {t('agreementForm:actions.send')}
              </Button>
            )}
            {agreement.stage === 'created' && changed && (
              <Typography variant="body2" color="text.secondary">
                {t('agreementForm:edit.saveBeforeSending')}
              </Typography>
            )}
            {agreement.stage === 'created' && !recipient && (
              <Typography variant="body2" color="text.secondary">
                {t('agreementForm:signers.noRecipient')}
              </Typography>
            )}
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={writes.pdf.isPending} onClick={() => writes.pdf.mutate()} data-testid="agreement-pdf">
              {t('agreementForm:actions.pdf')}
            </Button>
            <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setAsking('mail')} data-testid="agreement-mail">
              {t('agreementForm:actions.mail')}
            </Button>
          </Stack>
        </Box>
      </Box>
      {(asking === 'send' || asking === 'resend') && (
        <SendDialog
          open
          mode={asking}
          recipient={recipient}
          companyId={agreement.company_id}
          busy={writes.send.isPending}
          errors={errors}
          onClose={() => setAsking(null)}
          onSend={(options) => writes.send.mutate({ recipient, userId: user?.id ?? null, options }, { onSuccess: () => setAsking(null) })}
        />
      )}
      {asking === 'mail' && (
        <MailDialog
          agreement={agreement}
          open
          busy={writes.mail.isPending}
          onClose={() => setAsking(null)}
          onSend={(to, data) => writes.mail.mutate({ to, data }, { onSuccess: () => setAsking(null) })}
        />
      )}
    </>
  );
}
