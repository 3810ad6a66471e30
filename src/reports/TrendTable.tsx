import { useTranslation } from 'react-i18next';
import type { TrendMonth } from './api';
import { NumbersTable } from './NumbersTable';
import { formatCount, monthLabel } from './reportFormat';

/** The trend's numbers: a row per month (its name in the reader's language), started and gone live. */
export function TrendTable({ months, labelledBy }: { months: TrendMonth[]; labelledBy: string }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  return (
    <NumbersTable
      labelledBy={labelledBy}
      testId="trend-table"
      rowHeader={t('trend.month')}
      columns={[t('trend.started'), t('trend.live')]}
      rows={months.map((m) => ({ key: m.month, header: monthLabel(m.month, locale, 'long'), cells: [formatCount(m.started, locale), formatCount(m.live, locale)] }))}
    />
  );
}
