import { Box, Checkbox, Chip, FormControlLabel, InputAdornment, TextField, Typography } from '@mui/material';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toMinor, type CatalogueProduct, type PricedLine, type Subscription, type SubscriptionProduct } from '../../engine/agreements';
import type { AgreementCatalogueProduct, Currency } from './api';
import { bundledIds, numberOf, setChoice, toggleProduct } from './draft';
import { useMoney } from './money';
import { humanise } from './logo';
import { groupProducts } from './productGroups';

export interface ProductPickerProps {
  catalogue: readonly AgreementCatalogueProduct[];
  subscription: Subscription;
  /** The priced lines (the maths' answer), for each chosen product's line total. */
  lines: readonly PricedLine[];
  currency: Currency;
  readOnly?: boolean;
  /** Server field errors by path (`subscription.products.2.price`). */
  errors?: Record<string, string>;
  /** A category's name (the stage catalogue's title of its slug); by default the slug in words. */
  categoryName?: (category: string) => string;
  /** Given the change as an update of the latest subscription, so the rows' callbacks never go stale. */
  onChange(update: (current: Subscription) => Subscription): void;
}

/**
 * The products of the order form, grouped by category (productGroups.ts), in catalogue order: a checkbox each, INC for the children a chosen bundle includes (spec section 9), and for a
 * chosen product its own discount and, where the product is editable, its own price.
 */
export function ProductPicker({ catalogue, subscription, lines, currency, readOnly = false, errors = {}, categoryName = humanise, onChange }: ProductPickerProps) {
  const { t } = useTranslation(['agreementForm', 'agreements']);
  const groups = useMemo(() => groupProducts(catalogue), [catalogue]);
  const bundled = useMemo(() => bundledIds(subscription, catalogue), [subscription, catalogue]);
  const lineOf = useMemo(() => new Map(lines.map((l) => [l.productId, l])), [lines]);
  const names = useMemo(() => new Map(catalogue.map((p) => [p.id, p.name])), [catalogue]);
  const onToggle = useCallback((id: number, on: boolean) => onChange((sub) => toggleProduct(sub, id, on)), [onChange]);
  const onChoice = useCallback((id: number, change: ChoiceChange) => onChange((sub) => setChoice(sub, id, change)), [onChange]);
  return (
    <Box data-testid="product-picker">
      {groups.map((group, g) => (
        <Box component="section" key={group.category ?? ''} aria-labelledby={`products-group-${g}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" id={`products-group-${g}`} sx={{ fontWeight: 600, mb: 0.5 }}>
            {group.category === null ? t('agreementForm:products.other') : categoryName(group.category)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {group.products.map((product) => {
              const index = subscription.products.findIndex((c) => c.product_id === product.id);
              const bundle = bundled.get(product.id);
              return (
                <ProductRow
                  key={product.id}
                  product={product}
                  choice={index >= 0 ? subscription.products[index] : undefined}
                  includedIn={bundle === undefined ? undefined : (names.get(bundle) ?? '')}
                  netMinor={lineOf.get(product.id)?.netMinor}
                  inc={Boolean(lineOf.get(product.id)?.included)}
                  currency={currency}
                  readOnly={readOnly}
                  priceError={index >= 0 ? errors[`subscription.products.${index}.price`] : undefined}
                  discountError={index >= 0 ? errors[`subscription.products.${index}.discount`] : undefined}
                  onToggle={onToggle}
                  onChoice={onChoice}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

type ChoiceChange = Partial<Pick<SubscriptionProduct, 'price' | 'discount'>>;

interface RowProps {
  product: CatalogueProduct;
  choice: SubscriptionProduct | undefined;
  /** The name of the chosen bundle that includes this product. */
  includedIn: string | undefined;
  /** The line's cost a period (after its discount), when it is priced. */
  netMinor: number | undefined;
  inc: boolean;
  currency: Currency;
  readOnly: boolean;
  priceError?: string;
  discountError?: string;
  onToggle(id: number, on: boolean): void;
  onChoice(id: number, change: ChoiceChange): void;
}

/** One product: memoised, so a change re-renders the rows whose price or choice changed, not all forty. */
const ProductRow = memo(function ProductRow({ product, choice, includedIn, netMinor, inc, currency, readOnly, priceError, discountError, onToggle, onChoice }: RowProps) {
  const { t } = useTranslation(['agreementForm', 'agreements']);
  const money = useMoney(currency);
  const chosen = Boolean(choice) || includedIn !== undefined;
  const id = `product-${product.id}`;
  const rate = `${money(toMinor(product.cost))} ${t(`agreements:pricing.${product.cost_type}`)}`;
  return (
    <Box component="li" data-testid="product-row" data-product={product.id} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        // A bundled product is ticked and fixed, yet its name must stay as readable as the others.
        sx={{ flex: '1 1 260px', mr: 0, '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' } }}
        control={<Checkbox checked={chosen} disabled={readOnly || includedIn !== undefined} onChange={(e) => onToggle(product.id, e.target.checked)} slotProps={{ input: { 'aria-describedby': `${id}-rate` } }} data-testid="product-check" />}
        label={
          <Box>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {product.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" id={`${id}-rate`}>
              {includedIn !== undefined ? t('agreementForm:products.includedIn', { bundle: includedIn }) : rate}
              {product.addition ? ` · ${t('agreementForm:products.addOn')}` : ''}
            </Typography>
          </Box>
        }
      />
      {inc && <Chip size="small" color="success" label={t('agreements:pdf.included')} data-testid="product-inc" />}
      {choice && !inc && (
        // On a phone the fields go under the name, lined up with it.
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: '0 0 auto', ml: { xs: 4, sm: 0 } }}>
          {product.editable && (
            <TextField
              size="small"
              label={t('agreementForm:products.price')}
              defaultValue={choice.price ?? product.cost}
              disabled={readOnly}
              onChange={(e) => onChoice(product.id, { price: e.target.value.trim() === '' ? null : numberOf(e.target.value) })}
              error={Boolean(priceError)}
              helperText={priceError}
              sx={{ flex: '0 0 120px' }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'product-price' } }}
            />
          )}
          <TextField
            size="small"
            label={t('agreementForm:products.discount')}
            defaultValue={choice.discount ?? product.discount}
            disabled={readOnly}
            onChange={(e) => onChoice(product.id, { discount: e.target.value.trim() === '' ? null : numberOf(e.target.value) })}
            error={Boolean(discountError)}
            helperText={discountError}
            sx={{ flex: '0 0 110px' }}
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal', 'data-testid': 'product-discount' } }}
          />
          {netMinor !== undefined && (
            <Typography sx={{ minWidth: 96, textAlign: 'right', pt: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="product-line-total">
              {money(netMinor)}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
});
