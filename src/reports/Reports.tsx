import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import type { Breakdown, StatusHistory, Trend } from './api';
import { BreakdownChart } from './BreakdownChart';
import { BreakdownTable } from './BreakdownTable';
import { HistoryChart } from './HistoryChart';
import { HistoryTable } from './HistoryTable';
import { ReportCard, type ReportState } from './ReportCard';
import { formatCount } from './reportFormat';
import { breakdownCsv, breakdownLines, historyCsv, monthTotal, trendCsv } from './reportTables';
import { TrendChart } from './TrendChart';
import { TrendTable } from './TrendTable';

const file = (name: string, data: { from: string; to: string }) => `projects-${name}-${data.from}-${data.to}`;

/** Projects started in the range by status and RAG at its end: chart, table, CSV, or the report's state. */
export function BreakdownReport(state: ReportState<Breakdown>) {
  const { t, i18n } = useTranslation('reports');
  return (
    <ReportCard
      {...state}
      testId="report-breakdown"
      title={t('breakdown.title')}
      description={(d) => t('breakdown.description', { from: formatDate(d.from), to: formatDate(d.to), total: formatCount(d.total, i18n.language) })}
      isEmpty={(d) => d.total === 0}
      emptyText={t('breakdown.empty')}
      csv={(d) => breakdownCsv(d, t)}
      fileName={(d) => file('breakdown', d)}
    >
      {(d, headingId) => {
        const lines = breakdownLines(d.rows);
        return (
          <>
            <BreakdownChart lines={lines} />
            <BreakdownTable lines={lines} labelledBy={headingId} />
          </>
        );
      }}
    </ReportCard>
  );
}

/** Projects started and gone live per month: chart, table, CSV, or the report's state. */
export function TrendReport(state: ReportState<Trend>) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard
      {...state}
      testId="report-trend"
      title={t('trend.title')}
      description={() => t('trend.description')}
      isEmpty={(d) => d.months.every((m) => m.started === 0 && m.live === 0)}
      emptyText={t('trend.empty')}
      csv={(d) => trendCsv(d, t)}
      fileName={(d) => file('trend', d)}
    >
      {(d, headingId) => (
        <>
          <TrendChart months={d.months} />
          <TrendTable months={d.months} labelledBy={headingId} />
        </>
      )}
    </ReportCard>
  );
}

/** The status of every project at each month's end: chart, table, CSV, or the report's state. */
export function HistoryReport(state: ReportState<StatusHistory>) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard
      {...state}
      testId="report-history"
      title={t('history.title')}
      description={(d) => t('history.description', { to: formatDate(d.to) })}
      isEmpty={(d) => d.months.every((m) => monthTotal(m) === 0)}
      emptyText={t('history.empty')}
      csv={(d) => historyCsv(d, t)}
      fileName={(d) => file('history', d)}
    >
      {(d, headingId) => (
        <>
          <HistoryChart months={d.months} />
          <HistoryTable months={d.months} labelledBy={headingId} />
        </>
      )}
    </ReportCard>
  );
}
