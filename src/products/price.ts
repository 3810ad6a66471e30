import { useTranslation } from 'react-i18next';
import { formatMoney } from '../i18n/format';
import { costTypeKey } from './choices';
import type { ProductRow } from './productRow';

/**
 * A product's price as the list shows it: the amount in the price's own currency (the server's
 * `currency`: the dealer's market, or the product's regions'), formatted for the reader, with its
 * pricing type (spec section 3: "per month", "per lead" ...). A product that costs nothing says so
 * ("Free") instead of "£0.00 per annum".
 */
export function usePriceText(): (row: Pick<ProductRow, 'cost' | 'currency' | 'cost_type'>) => string {
  const { t, i18n } = useTranslation();
  return (row) => (row.cost === 0 ? t('productsAdmin.free') : `${formatMoney(row.cost, row.currency, i18n.language)} ${t(costTypeKey(row.cost_type))}`);
}
