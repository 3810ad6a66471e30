import { Alert, Box, Paper, Typography } from '@mui/material';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import { DateRangeControl } from './DateRangeControl';
import { rangeFromParams, rangeProblems, type ReportRange } from './range';
import { BreakdownReport, HistoryReport, TrendReport } from './Reports';
import { useBreakdown, useStatusHistory, useTrend } from './useReports';

/**
 * `/projects/reports` ('tracker reports'): the range (kept in the address, `?from=&to=`, so a link
 * shares the view; the last twelve months without one) and the three project reports of that
 * range, each a chart with its table, a CSV download and its own loading, empty and failure states.
 * The charts' code (@mui/x-charts) loads with this page only.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParams();
  const paramsText = params.toString();
  const range = useMemo(() => rangeFromParams(new URLSearchParams(paramsText)), [paramsText]);
  const valid = rangeProblems(range).length === 0;
  // The charts are the page's costliest render, and react-router re-renders every page using its
  // hooks whenever react-admin's routes render (several times while the app starts): the parts
  // below are memo, so they render again only when the range or their own answer changes. Hence a
  // `choose` that stays the same function (setParams does not).
  const latestSetParams = useRef(setParams);
  useLayoutEffect(() => {
    latestSetParams.current = setParams;
  });
  const choose = useCallback((next: ReportRange) => latestSetParams.current({ from: next.from, to: next.to }), []);
  return (
    <Box data-testid="reports-page" data-from={range.from} data-to={range.to} sx={{ minWidth: 0 }}>
      <PageHeading />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <RangeControl range={range} onChange={choose} />
      </Paper>
      {!valid ? (
        <Alert severity="warning" data-testid="report-range-problem">
          {t('range.notAsked')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          <BreakdownRead range={range} />
          <TrendRead range={range} />
          <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
            <HistoryRead range={range} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** A read as a report card takes it. */
const cardState = <T,>(q: { data?: T; error: unknown; refetch: () => unknown }) => ({ data: q.data, error: q.error ?? undefined, onRetry: () => void q.refetch() });

// Each report reads its own answer, so one answer arriving draws its own chart only, not all three
// again (charts are the page's costliest render).
const BreakdownRead = memo(function BreakdownRead({ range }: { range: ReportRange }) {
  return <BreakdownReport {...cardState(useBreakdown(range))} />;
});

const TrendRead = memo(function TrendRead({ range }: { range: ReportRange }) {
  return <TrendReport {...cardState(useTrend(range))} />;
});

const HistoryRead = memo(function HistoryRead({ range }: { range: ReportRange }) {
  return <HistoryReport {...cardState(useStatusHistory(range))} />;
});

const RangeControl = memo(DateRangeControl);
