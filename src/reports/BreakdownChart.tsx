import { BarChart } from '@mui/x-charts/BarChart';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RagStatus } from '../../contract/projects';
import { ChartBox } from './ChartBox';
import { RagLegend, RagPatternDefs, ragFill } from './RagPatterns';
import { RAG_ORDER, formatCount } from './reportFormat';
import type { BreakdownLine } from './reportTables';

/**
 * Projects by status (the axis, one bar each, laid sideways so the status words read on a phone)
 * and RAG (the stack: green, amber, red, each with its colour and pattern, named in the legend and
 * the tooltip). The numbers are in `BreakdownTable` beneath it.
 */
export function BreakdownChart({ lines }: { lines: BreakdownLine[] }) {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  const prefix = `rag${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const words = Object.fromEntries(RAG_ORDER.map((rag) => [rag, t(`rag.${rag}`)])) as Record<RagStatus, string>;
  const count = (value: number | null) => (value === null ? '' : formatCount(value, locale));
  return (
    <>
      <RagPatternDefs prefix={prefix} />
      <RagLegend prefix={prefix} words={words} />
      <ChartBox label={t('breakdown.chartLabel')} height={300} testId="breakdown-chart">
        {(width) => (
          <BarChart
            width={width}
            height={300}
            layout="horizontal"
            skipAnimation
            hideLegend
            margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
            yAxis={[{ scaleType: 'band', data: lines.map((l) => t(`status.${l.status}`)), width: width < 500 ? 84 : 110 }]}
            xAxis={[{ valueFormatter: (v: number) => count(v), tickMinStep: 1 }]}
            series={RAG_ORDER.map((rag) => ({
              id: rag,
              label: words[rag],
              stack: 'rag',
              color: ragFill(prefix, rag),
              data: lines.map((l) => l[rag]),
              valueFormatter: count,
            }))}
          />
        )}
      </ChartBox>
    </>
  );
}
