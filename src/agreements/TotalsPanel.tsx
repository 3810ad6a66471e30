import { Box, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Subscription, SubscriptionTotals } from '../../engine/agreements';
import type { Currency } from './api';
import { useMoney } from './money';

export interface TotalsPanelProps {
  totals: SubscriptionTotals;
  subscription: Pick<Subscription, 'term' | 'paySetUpPayment' | 'totalDiscountPercentage' | 'setUpPayment'>;
  currency: Currency;
  /** The preview writes the agreement's language; the form the reader's. */
  locale?: string;
  /** Texts of that language (the preview's fixed `t`). */
  t?: TFunction;
  testId?: string;
}

interface Row {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}

/** The rows of the totals, in the order the order form (and its PDF) lists them; zero rows left out. */
export function totalRows(totals: SubscriptionTotals, sub: TotalsPanelProps['subscription'], money: (minor: number) => string, t: TFunction): Row[][] {
  const setupPaymentMinor = totals.setupGrossMinor - totals.setupFeesMinor - totals.oneOffMinor - totals.designCostMinor;
  const monthly: Row[] = [
    { label: t('agreements:pdf.monthlyLines'), value: money(totals.monthlyLinesMinor) },
    ...(totals.monthlyDiscountMinor ? [{ label: t('agreements:pdf.monthlyDiscount', { percent: `${sub.totalDiscountPercentage}%` }), value: `− ${money(totals.monthlyDiscountMinor)}` }] : []),
    { label: t('agreements:pdf.monthly'), value: money(totals.monthlyMinor), strong: true, testId: 'totals-monthly' },
    ...(totals.annualMinor ? [{ label: t('agreements:pdf.annual', { count: totals.years }), value: money(totals.annualMinor) }] : []),
  ];
  const setup: Row[] = [
    { label: t('agreements:pdf.setupPayment'), value: money(setupPaymentMinor) },
    ...(totals.setupFeesMinor ? [{ label: t('agreements:pdf.setupFees'), value: money(totals.setupFeesMinor) }] : []),
    ...(totals.oneOffMinor ? [{ label: t('agreements:pdf.oneOff'), value: money(totals.oneOffMinor) }] : []),
    ...(totals.designCostMinor ? [{ label: t('agreements:pdf.designCost'), value: money(totals.designCostMinor) }] : []),
    ...(totals.setupDiscountMinor ? [{ label: t('agreements:pdf.setupDiscount'), value: `− ${money(totals.setupDiscountMinor)}` }] : []),
    { label: t('agreements:pdf.setup'), value: money(totals.setupMinor), strong: true, testId: 'totals-setup' },
  ];
  const whole: Row[] = [
    { label: t('agreements:pdf.monthlyContractValue'), value: money(totals.monthlyContractValueMinor), strong: true, testId: 'totals-monthly-payment' },
    { label: t('agreements:pdf.contractValue'), value: money(totals.contractValueMinor), strong: true, testId: 'totals-contract-value' },
  ];
  return [monthly, setup, whole];
}

/**
 * The order form's totals (engine/agreements' answer, never recomputed here): the monthly lines
 * and their discount, the set-up and how it is paid, the monthly payment and the contract value.
 * The figures are a live region: a screen reader hears the new totals after a change.
 */
export function TotalsPanel({ totals, subscription, currency, locale, t: fixedT, testId = 'totals-panel' }: TotalsPanelProps) {
  const { t: readerT } = useTranslation(['agreementForm', 'agreements']);
  const t = fixedT ?? readerT;
  const money = useMoney(currency, locale);
  const groups = totalRows(totals, subscription, money, t);
  return (
    <Box component="section" aria-labelledby={`${testId}-title`} data-testid={testId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}>
      <Typography variant="h6" component="h2" id={`${testId}-title`} sx={{ mb: 1 }}>
        {t('agreementForm:totals.title')}
      </Typography>
      <Box component="dl" aria-live="polite" sx={{ m: 0 }}>
        {groups.flatMap((rows, i) =>
          rows.map((row, j) => (
            // Each name and value in its own div (HTML allows a div per dl group); a rule above each group but the first.
            <Box key={row.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25, ...(i > 0 && j === 0 ? { borderTop: 1, borderColor: 'divider', mt: 0.75, pt: 1 } : {}) }}>
              <Typography component="dt" sx={{ fontWeight: row.strong ? 600 : 400 }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 600 : 400, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={row.testId}>
                {row.value}
              </Typography>
            </Box>
          )),
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {subscription.paySetUpPayment ? t('agreements:pdf.setupUpFront') : t('agreements:pdf.setupSpread', { count: subscription.term })}
        {' · '}
        {t('agreements:pdf.termMonths', { count: subscription.term })}
      </Typography>
    </Box>
  );
}
