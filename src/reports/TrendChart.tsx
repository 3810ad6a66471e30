import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { TrendMonth } from './api';
import { ChartBox } from './ChartBox';
import { TREND_COLOURS, formatCount, monthLabel, monthTicks } from './reportFormat';
import { LiveMark, StartedMark } from './TrendMarks';

/**
 * Projects started and gone live per month: two lines, told apart by colour, line style (gone live
 * is dashed), mark shape and the legend's words (its marks drawn as the lines are: TrendMarks.tsx). The numbers are in `TrendTable` beneath it.
 */
export function TrendChart({ months }: { months: TrendMonth[] }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  const count = (value: number | null) => (value === null ? '' : formatCount(value, locale));
  return (
    <ChartBox label={t('trend.chartLabel')} height={300} testId="trend-chart">
      {(width) => (
        <LineChart
          width={width}
          height={300}
          skipAnimation
          margin={{ left: 4, right: 16, top: 16, bottom: 4 }}
          xAxis={[{ scaleType: 'point', data: months.map((m) => m.month), valueFormatter: (m: string, ctx) => monthLabel(m, locale, ctx.location === 'tooltip' ? 'long' : 'short'), tickLabelInterval: monthTicks(months.length, width) }]}
          yAxis={[{ valueFormatter: (v: number) => count(v), tickMinStep: 1, width: 40 }]}
          series={[
            { id: 'started', label: t('trend.started'), data: months.map((m) => m.started), color: TREND_COLOURS.started, shape: 'circle', curve: 'linear', valueFormatter: count, labelMarkType: StartedMark },
            { id: 'live', label: t('trend.live'), data: months.map((m) => m.live), color: TREND_COLOURS.live, shape: 'square', curve: 'linear', valueFormatter: count, labelMarkType: LiveMark },
          ]}
          sx={{ '& .MuiLineElement-series-live': { strokeDasharray: '6 4' } }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
        />
      )}
    </ChartBox>
  );
}
