import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCSV } from 'react-admin';
import { HttpError } from '../http';

/** A report's read as the card shows it: the answer, or the failure, or neither yet (loading). */
export interface ReportState<T> {
  data?: T;
  error?: unknown;
  /** Asks again after a failure. */
  onRetry?: () => void;
}

export interface ReportCardProps<T> extends ReportState<T> {
  /** The card's test id ('report-breakdown' ...). */
  testId: string;
  title: string;
  /** A line under the title, from the answer (its range, its total). */
  description?: (data: T) => ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** The chart and its table: given the answer and the heading's id (the table's name). */
  children: (data: T, headingId: string) => ReactNode;
  /** The CSV of what is shown, and its file name without `.csv`. */
  csv: (data: T) => string;
  fileName: (data: T) => string;
}

/**
 * One report: its heading, a CSV download of what it shows, then the chart and its table, or the
 * report's loading, failure (the server's words, and try again) or empty state in their place.
 */
export function ReportCard<T>({ testId, title, description, isEmpty, emptyText, children, csv, fileName, data, error, onRetry }: ReportCardProps<T>) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const state = error ? 'error' : data === undefined ? 'loading' : isEmpty(data) ? 'empty' : 'ready';
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} data-testid={testId} data-state={state} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={state !== 'ready'}
            data-testid="report-csv"
            onClick={() => data !== undefined && downloadCSV(csv(data), fileName(data))}
          >
            {t('csv')}
            {/* The report's name for a screen reader, after the visible words (WCAG 2.5.3). */}
            <Box component="span" sx={visuallyHidden}>
              {` (${title})`}
            </Box>
          </Button>
        </Stack>
        {state === 'error' ? (
          <Alert
            severity="error"
            data-testid="report-error"
            action={
              onRetry ? (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('retry')}
                </Button>
              ) : undefined
            }
          >
            {error instanceof HttpError && error.messages.length ? error.messages.join('\n') : t('loadFailed')}
          </Alert>
        ) : state === 'loading' ? (
          <Box role="status" data-testid="report-loading" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, minHeight: 200, color: 'text.secondary' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('loading')}</Typography>
          </Box>
        ) : (
          <>
            {description && data !== undefined ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="report-description">
                {description(data)}
              </Typography>
            ) : null}
            {state === 'empty' ? (
              <Typography data-testid="report-empty" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                {emptyText}
              </Typography>
            ) : (
              children(data as T, headingId)
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
