import { Box, FormControlLabel, InputAdornment, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MAX_TERM_MONTHS, MIN_TERM_MONTHS, type Subscription } from '../../engine/agreements';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../contract/projects';
import { FormSection } from '../forms/FormSection';
import { numberOf } from './draft';

export interface SubscriptionFieldsProps {
  subscription: Subscription;
  /** The currency's symbol for the amount fields. */
  currencySymbol: string;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange(update: (current: Subscription) => Subscription): void;
}

type NumberKey = 'term' | 'stockCount' | 'setUpPayment' | 'setUpDiscount' | 'totalDiscountPercentage';

/**
 * The subscription's own fields (spec section 3): project and design type, term (at least 24
 * months, spec section 9), vehicles in stock, the set-up payment and its discount, whether the
 * set-up is paid up front, and the discount on the monthly total. A number out of range is the
 * field's error here at once; the server says the same (engine/agreements checkSubscription).
 */
export function SubscriptionFields({ subscription, currencySymbol, readOnly, errors, onChange }: SubscriptionFieldsProps) {
  const { t } = useTranslation(['agreementForm', 'agreements']);
  const localError = (key: NumberKey): string | undefined => {
    const value = subscription[key];
    if (!Number.isFinite(value)) return t('agreementForm:subscription.notNumber');
    if (key === 'term' && (value < MIN_TERM_MONTHS || value > MAX_TERM_MONTHS)) return t('agreementForm:subscription.termRange', { min: MIN_TERM_MONTHS, max: MAX_TERM_MONTHS });
    if (key === 'totalDiscountPercentage' && (value < 0 || value > 100)) return t('agreementForm:subscription.percentRange');
    if (value < 0) return t('agreementForm:subscription.notNegative');
    return undefined;
  };
  const number = (key: NumberKey, unit: 'money' | 'percent' | 'months' | null) => {
    const error = localError(key) ?? errors[`subscription.${key}`];
    return (
      <TextField
        key={key}
        size="small"
        label={t(`agreementForm:subscription.${key}`)}
        defaultValue={subscription[key]}
        disabled={readOnly}
        onChange={(e) => {
          const value = numberOf(e.target.value);
          onChange((s) => ({ ...s, [key]: value }));
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{
          input: {
            startAdornment: unit === 'money' ? <InputAdornment position="start">{currencySymbol}</InputAdornment> : undefined,
            endAdornment: unit === 'percent' ? <InputAdornment position="end">%</InputAdornment> : unit === 'months' ? <InputAdornment position="end">{t('agreementForm:subscription.months')}</InputAdornment> : undefined,
          },
          htmlInput: { inputMode: 'decimal', 'data-testid': `subscription-${key}` },
        }}
      />
    );
  };
  return (
    <FormSection title={t('agreements:pdf.subscription')}>
      <TextField
        select
        size="small"
        label={t('agreements:pdf.projectType')}
        value={subscription.projectType ?? ''}
        disabled={readOnly}
        onChange={(e) => onChange((s) => ({ ...s, projectType: e.target.value || null }))}
        helperText={errors['subscription.projectType'] ?? ' '}
        error={Boolean(errors['subscription.projectType'])}
        slotProps={{ htmlInput: { 'data-testid': 'subscription-projectType' } }}
      >
        <MenuItem value="">{t('agreementForm:subscription.none')}</MenuItem>
        {PROJECT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`agreements:projectTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('agreements:pdf.designType')}
        value={subscription.designType ?? ''}
        disabled={readOnly}
        onChange={(e) => onChange((s) => ({ ...s, designType: (e.target.value || null) as Subscription['designType'] }))}
        helperText={errors['subscription.designType'] ?? ' '}
        error={Boolean(errors['subscription.designType'])}
        slotProps={{ htmlInput: { 'data-testid': 'subscription-designType' } }}
      >
        <MenuItem value="">{t('agreementForm:subscription.none')}</MenuItem>
        {DESIGN_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`agreements:designTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {number('term', 'months')}
      {number('stockCount', null)}
      {number('setUpPayment', 'money')}
      {number('setUpDiscount', 'money')}
      {number('totalDiscountPercentage', 'percent')}
      <Box sx={{ display: 'flex', alignItems: 'center', pb: 2.5 }}>
        <FormControlLabel
          control={<Switch checked={subscription.paySetUpPayment} disabled={readOnly} onChange={(e) => onChange((s) => ({ ...s, paySetUpPayment: e.target.checked }))} data-testid="subscription-paySetUpPayment" />}
          label={t('agreementForm:subscription.paySetUpPayment')}
        />
      </Box>
    </FormSection>
  );
}
