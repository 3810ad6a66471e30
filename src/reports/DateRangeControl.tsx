import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_MONTHS } from '../../contract/reports';
import { DateField } from '../forms/DateField';
import { lastMonths, rangeProblems, type RangeProblem, type ReportRange } from './range';

const QUICK = [3, 6, 12, 24, 36] as const;

/** Which field a problem is shown under. */
const FIELD_OF: Record<RangeProblem, 'from' | 'to'> = { fromInvalid: 'from', toInvalid: 'to', order: 'to', tooLong: 'to' };

/**
 * The reports' range: the first and last day typed or picked as dd/mm/yyyy (src/forms/DateField),
 * and quick choices of the last 3 to 36 months. A range the API takes is handed on at once (the
 * page keeps it in the address); one it would refuse stays here with its problem under the field.
 */
export function DateRangeControl({ range, onChange, today = new Date() }: { range: ReportRange; onChange: (range: ReportRange) => void; today?: Date }) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState(range);
  const [seen, setSeen] = useState(range);
  if (seen.from !== range.from || seen.to !== range.to) {
    // Changed from outside (a quick choice, the address): show that range.
    setSeen(range);
    setDraft(range);
  }
  const problems = rangeProblems(draft);
  const change = (next: ReportRange) => {
    setDraft(next);
    if (rangeProblems(next).length === 0) {
      setSeen(next);
      onChange(next);
    }
  };
  const problemOf = (field: 'from' | 'to') => {
    const problem = problems.find((p) => FIELD_OF[p] === field);
    return problem ? t(`range.problems.${problem}`, { max: REPORT_MAX_MONTHS }) : undefined;
  };
  return (
    <Box component="fieldset" data-testid="report-range" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5 }}>
        {t('range.legend')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <DateField
            label={t('range.from')}
            value={draft.from}
            onChange={(from) => change({ ...draft, from })}
            error={Boolean(problemOf('from'))}
            helperText={problemOf('from')}
            fullWidth
            data-testid="report-from"
          />
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <DateField
            label={t('range.to')}
            value={draft.to}
            onChange={(to) => change({ ...draft, to })}
            error={Boolean(problemOf('to'))}
            helperText={problemOf('to')}
            fullWidth
            data-testid="report-to"
          />
        </Box>
      </Stack>
      <Stack direction="row" role="group" aria-label={t('range.quick')} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {QUICK.map((months) => {
          const quick = lastMonths(months, today);
          const chosen = quick.from === range.from && quick.to === range.to;
          return (
            <Button
              key={months}
              size="small"
              variant={chosen ? 'contained' : 'outlined'}
              aria-pressed={chosen}
              data-testid={`report-last-${months}`}
              onClick={() => {
                setDraft(quick);
                setSeen(quick);
                onChange(quick);
              }}
            >
              {t('range.months', { count: months })}
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}
