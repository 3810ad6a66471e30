import { useTranslation } from 'react-i18next';
import type { HistoryMonth } from './api';
import { NumbersTable } from './NumbersTable';
import { STATUS_ORDER, formatCount, monthLabel } from './reportFormat';
import { monthTotal } from './reportTables';

/** The history's numbers: a row per month, a column per status in life order, the month's total. */
export function HistoryTable({ months, labelledBy }: { months: HistoryMonth[]; labelledBy: string }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  return (
    <NumbersTable
      labelledBy={labelledBy}
      testId="history-table"
      rowHeader={t('history.month')}
      columns={[...STATUS_ORDER.map((s) => t(`status.${s}`)), t('history.total')]}
      rows={months.map((m) => ({
        key: m.month,
        header: monthLabel(m.month, locale, 'long'),
        cells: [...STATUS_ORDER.map((s) => formatCount(m.counts[s], locale)), formatCount(monthTotal(m), locale)],
      }))}
    />
  );
}
