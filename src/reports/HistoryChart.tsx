import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { HistoryMonth } from './api';
import { ChartBox } from './ChartBox';
import { STATUS_COLOURS, STATUS_ORDER, formatCount, monthLabel, monthTicks } from './reportFormat';

/**
 * The status of every project at each month's end: one stacked bar per month, a stack per status in
 * life order, named in the legend and the tooltip. The numbers are in `HistoryTable` beneath it.
 */
export function HistoryChart({ months }: { months: HistoryMonth[] }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  const count = (value: number | null) => (value === null ? '' : formatCount(value, locale));
  return (
    <ChartBox label={t('history.chartLabel')} height={340} testId="history-chart">
      {(width) => (
        <BarChart
          width={width}
          height={340}
          skipAnimation
          margin={{ left: 4, right: 16, top: 16, bottom: 4 }}
          xAxis={[{ scaleType: 'band', data: months.map((m) => m.month), valueFormatter: (m: string, ctx) => monthLabel(m, locale, ctx.location === 'tooltip' ? 'long' : 'short'), tickLabelInterval: monthTicks(months.length, width) }]}
          yAxis={[{ valueFormatter: (v: number) => count(v), tickMinStep: 1, width: 40 }]}
          series={STATUS_ORDER.map((status) => ({
            id: status,
            label: t(`status.${status}`),
            stack: 'status',
            color: STATUS_COLOURS[status],
            data: months.map((m) => m.counts[status]),
            valueFormatter: count,
          }))}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
        />
      )}
    </ChartBox>
  );
}
