import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { TFunction } from 'i18next';
import { ScrollableTableBox } from '../../engine/react/fields/ScrollableTableBox';
import type { PricedLine } from '../../engine/agreements';
import type { Currency } from './api';
import { useMoney } from './money';

export interface PreviewProductTableProps {
  lines: readonly PricedLine[];
  currency: Currency;
  /** The agreement's language: its texts and its number format. */
  t: TFunction;
  locale: string;
}

/**
 * The order form's product table as the dealer signs it (and as its PDF prints it): each chosen
 * product with its pricing, quantity, unit price, discount and total; a bundled child as INC under
 * its bundle; usage lines at their rate ("charged as used"). Scrolls sideways on a phone.
 */
export function PreviewProductTable({ lines, currency, t, locale }: PreviewProductTableProps) {
  const money = useMoney(currency, locale);
  return (
    <ScrollableTableBox hint={t('agreementForm:preview.scrollHint')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="preview-products">
      <Table size="small" aria-label={t('agreements:pdf.products')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('agreements:pdf.product')}</TableCell>
            <TableCell>{t('agreements:pdf.pricing')}</TableCell>
            <TableCell align="right">{t('agreements:pdf.quantity')}</TableCell>
            <TableCell align="right">{t('agreements:pdf.unitPrice')}</TableCell>
            <TableCell align="right">{t('agreements:pdf.discount')}</TableCell>
            <TableCell align="right">{t('agreements:pdf.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.productId} data-testid="preview-line" data-included={line.included ? 'true' : undefined}>
              <TableCell component="th" scope="row" sx={{ pl: line.includedIn === null ? 2 : 4, fontWeight: line.includedIn === null ? 500 : 400 }}>
                {line.name}
                {line.extraStock > 0 && (
                  <>
                    <br />
                    <small>{t('agreements:pdf.extraStock', { count: line.extraStock, limit: line.stockLimit, price: money(line.stockUnitMinor) })}</small>
                  </>
                )}
              </TableCell>
              <TableCell>{t(`agreements:pricing.${line.pricingType}`)}</TableCell>
              <TableCell align="right">{line.included ? '' : line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.included ? '' : money(line.unitMinor)}</TableCell>
              <TableCell align="right">{line.included || !line.discountPercent ? '' : `${line.discountPercent}%`}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {line.included ? t('agreements:pdf.included') : line.period === 'usage' ? `${money(line.netMinor)} · ${t('agreements:pdf.usage')}` : money(line.netMinor)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTableBox>
  );
}
