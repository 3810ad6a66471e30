import { Box, Paper, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import type { AgreementAddress, PricedSubscription } from '../../engine/agreements';
import { formatDate } from '../i18n/format';
import type { AgreementDetail } from './api';
import { PreviewProductTable } from './PreviewProductTable';
import { TotalsPanel } from './TotalsPanel';
import { logoSrc } from './logo';

/** Spec section 9's commercial terms, in the order the order form prints them. */
export const TERM_KEYS = ['minimumTerm', 'setupPayment', 'dataRetention', 'domainTransfer', 'email', 'exportFeeds', 'customDesign', 'finance', 'featuredUsed', 'migration'] as const;

export interface PreviewDocumentProps {
  agreement: AgreementDetail;
  priced: PricedSubscription;
  /** Texts in the agreement's language. */
  t: TFunction;
  locale: string;
}

const addressText = (a: AgreementAddress | undefined) => [a?.line1, a?.line2, a?.line3, a?.postcode].filter(Boolean).join(', ');

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The dealer's logo; nothing when its file is gone. */
function Logo({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return <Box component="img" src={src} alt={alt} onError={() => setBroken(true)} sx={{ maxWidth: 180, maxHeight: 72, objectFit: 'contain' }} />;
}

/** Name and value pairs in two columns from a tablet up. */
function Facts({ rows }: { rows: [string, string | null | undefined][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3, rowGap: 1 }}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/**
 * The order form exactly as the dealer signs it and its PDF prints it: the dealer, franchises and
 * locations, the subscription, the product table, the totals, the message to the dealer (never the
 * internal notes), and the commercial terms of spec section 9, all in the agreement's language.
 */
export function PreviewDocument({ agreement, priced, t, locale }: PreviewDocumentProps) {
  const d = agreement.company_details;
  const sub = agreement.subscription;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960 }} data-testid="agreement-preview" lang={locale}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box>
          <Typography variant="h4" component="h2">
            {t('agreements:pdf.title')}
          </Typography>
          {/* As the PDF's header: the agreement's name, then the reference it is filed under. */}
          <Typography>{agreement.name}</Typography>
          <Typography color="text.secondary" data-testid="preview-reference">
            {t('agreements:pdf.reference', { reference: agreement.reference })} · {t('agreements:pdf.date', { date: formatDate(agreement.sent_at ?? agreement.updated_at) })}
          </Typography>
        </Box>
        {logoSrc(d.logo_path) && <Logo src={logoSrc(d.logo_path)!} alt={t('agreementForm:preview.logoAlt', { name: d.name ?? agreement.company_name })} />}
      </Box>
      <Section title={t('agreements:pdf.dealer')} id="preview-dealer">
        <Facts
          rows={[
            [t('agreements:pdf.companyName'), d.name],
            [t('agreements:pdf.regNumber'), d.reg_number],
            [t('agreements:pdf.vatNumber'), d.vat_number],
            [t('agreements:pdf.fsaNumber'), d.fsa_number],
            [t('agreements:pdf.icoNumber'), d.ico_number],
            [t('agreements:pdf.website'), d.website_address],
            [t('agreements:pdf.contact'), [d.contact_name, d.contact_position, d.contact_number, d.contact_email].filter(Boolean).join(', ')],
            [t('agreements:pdf.address'), addressText(d.address)],
            [t('agreements:pdf.regAddress'), addressText(d.reg_address)],
          ]}
        />
      </Section>
      {d.franchises.length > 0 && (
        <Section title={t('agreements:pdf.franchises')} id="preview-franchises">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {d.franchises.map((f, i) => (
              <li key={i}>
                <strong>{f.name}</strong>
                {f.locations.sales.length > 0 && ` · ${t('agreements:pdf.sales')}: ${f.locations.sales.join(', ')}`}
                {f.locations.aftersales.length > 0 && ` · ${t('agreements:pdf.aftersales')}: ${f.locations.aftersales.join(', ')}`}
              </li>
            ))}
          </Box>
        </Section>
      )}
      <Section title={t('agreements:pdf.subscription')} id="preview-subscription">
        <Facts
          rows={[
            [t('agreements:pdf.term'), t('agreements:pdf.termMonths', { count: sub.term })],
            [t('agreements:pdf.projectType'), sub.projectType ? t(`agreements:projectTypes.${sub.projectType}`, { defaultValue: sub.projectType }) : null],
            [t('agreements:pdf.designType'), sub.designType ? t(`agreements:designTypes.${sub.designType}`) : null],
            [t('agreements:pdf.stockCount'), sub.stockCount ? String(sub.stockCount) : null],
          ]}
        />
      </Section>
      <Section title={t('agreements:pdf.products')} id="preview-products-title">
        <PreviewProductTable lines={priced.lines} currency={agreement.currency} t={t} locale={locale} />
      </Section>
      <Box sx={{ mt: 3, maxWidth: 480, ml: { md: 'auto' } }}>
        <TotalsPanel totals={priced.totals} subscription={sub} currency={agreement.currency} locale={locale} t={t} testId="preview-totals" />
      </Box>
      {agreement.message && (
        <Section title={t('agreements:pdf.message')} id="preview-message">
          <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="preview-message">
            {agreement.message}
          </Typography>
        </Section>
      )}
      <Section title={t('agreements:pdf.termsTitle')} id="preview-terms">
        <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="preview-terms">
          {TERM_KEYS.map((key) => (
            <Typography component="li" key={key} variant="body2" sx={{ mb: 0.5 }}>
              {t(`agreements:terms.${key}`)}
            </Typography>
          ))}
        </Box>
      </Section>
      {agreement.signature && <Signatures agreement={agreement} company={d.name ?? agreement.company_name} t={t} />}
    </Paper>
  );
}

/** The drawn signature the signed PDF carries (the last one given). */
function SignatureImage({ src, t }: { src: string; t: TFunction }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('agreements:pdf.signature')}
      </Typography>
      <Box component="img" src={src} alt={t('agreements:pdf.signature')} data-testid="preview-signature-image" sx={{ maxWidth: 320, maxHeight: 96, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, bgcolor: 'common.white' }} />
    </Box>
  );
}

/**
 * Who signed: the dealer's signers under the company, the countersigner under the provider (issue
 * 57). With one signer and no countersigner, the signature as the order form had it before.
 */
function Signatures({ agreement, company, t }: { agreement: AgreementDetail; company: string | null; t: TFunction }) {
  const signature = agreement.signature!;
  const signed = agreement.signers.filter((s) => s.status === 'signed' && s.signed_at);
  const image = (name: string) => (signature.image && signature.signer_name === name ? <SignatureImage src={signature.image} t={t} /> : null);
  if (signed.length <= 1 && !signed.some((s) => s.role === 'countersigner')) {
    return (
      <Section title={t('agreements:pdf.signatureTitle', { company })} id="preview-signature">
        <Facts
          rows={[
            [t('agreements:pdf.signerName'), signature.signer_name],
            [t('agreements:pdf.signerPosition'), signature.signer_position],
            [t('agreements:pdf.signedOn'), formatDate(signature.signed_at)],
          ]}
        />
        {image(signature.signer_name)}
      </Section>
    );
  }
  const dealers = signed.filter((s) => s.role === 'signer');
  const counter = signed.find((s) => s.role === 'countersigner');
  return (
    <>
      {dealers.length > 0 && (
        <Section title={t('agreements:pdf.signatureTitle', { company })} id="preview-signature">
          {dealers.map((s) => (
            <Box key={s.id} sx={{ mb: 1.5 }} data-testid="preview-signer">
              <Facts rows={[[t('agreements:pdf.signerName'), s.name], [t('agreements:pdf.signedOn'), formatDate(s.signed_at)]]} />
              {image(s.name)}
            </Box>
          ))}
        </Section>
      )}
      {counter && (
        <Section title={t('agreements:pdf.countersignatureTitle')} id="preview-countersignature">
          <Box data-testid="preview-countersigner">
            <Facts rows={[[t('agreements:pdf.signerName'), counter.name], [t('agreements:pdf.signedOn'), formatDate(counter.signed_at)]]} />
            {image(counter.name)}
          </Box>
        </Section>
      )}
    </>
  );
}
