/**
 * The dry run's report: one line per stage with its counts (new, updated, unchanged, conflicts,
 * rejected, not migrated, kept), then every rejected, conflicting and not migrated row with its reason.
 * Pure: it takes the report, so the story renders it with a fixture. On a phone the counts table
 * scrolls sideways and says so (its stage column staying put), and the flagged rows become cards.
 */
import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ScrollableTableBox } from '../../engine/react/fields/ScrollableTableBox';
import type { MigrationReport } from './api';

// Kept news and offers have their own column: they are kept as migration data, not new stage items.
const COUNTS = ['new', 'updated', 'unchanged', 'conflict', 'rejected', 'not_migrated', 'kept'] as const;
const TONE: Record<string, 'success' | 'info' | 'default' | 'warning' | 'error'> = { new: 'success', updated: 'info', unchanged: 'default', conflict: 'warning', rejected: 'error', not_migrated: 'default', kept: 'success' };

export function DryRunReport({ report }: { report: MigrationReport }) {
  const { t } = useTranslation(['migration', 'common']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const stageName = (slug: string) => t(`stages.${slug}`, { defaultValue: slug });
  const flagged = report.stages.flatMap((s) => s.items.filter((i) => ['rejected', 'conflict', 'not_migrated'].includes(i.status)));
  return (
    <Box data-testid="migration-report">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('report.title', { file: report.file, rows: report.total_rows, config: report.config.name })}
      </Typography>
      {report.notices.map((n) => (
        <Alert key={n} severity="info" sx={{ mb: 1 }}>
          {n}
        </Alert>
      ))}
      <ScrollableTableBox hint={t('common:tables.scrollHint')}>
        <Table size="small" aria-label={t('report.stagesTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('report.stage')}</TableCell>
              <TableCell align="right">{t('report.rows')}</TableCell>
              {COUNTS.map((c) => (
                <TableCell key={c} align="right">
                  {t(`status.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.stages.map((s) => (
              <TableRow key={s.stage} data-testid="migration-stage" data-stage={s.stage}>
                <TableCell component="th" scope="row" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
                  {stageName(s.stage)}
                </TableCell>
                <TableCell align="right">{s.rows}</TableCell>
                {COUNTS.map((c) => (
                  <TableCell key={c} align="right" data-count={c}>
                    {s[c]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTableBox>
      {flagged.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('report.flagged')}
          </Typography>
          {phone ? (
            <Stack spacing={1} sx={{ mt: 1 }} aria-label={t('report.flagged')} role="list">
              {flagged.map((i) => (
                <Paper key={`${i.stage}-${i.ref}`} variant="outlined" sx={{ p: 1.5 }} role="listitem" data-testid="migration-flagged" data-status={i.status}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2" component="span" sx={{ flex: 1 }}>
                      {i.name}
                    </Typography>
                    <Chip size="small" color={TONE[i.status] ?? 'default'} label={t(`status.${i.status}`)} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {stageName(i.stage)} · {i.ref}
                  </Typography>
                  {i.reason && <Typography variant="body2">{i.reason}</Typography>}
                </Paper>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('report.flagged')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('report.where')}</TableCell>
                    <TableCell>{t('report.stage')}</TableCell>
                    <TableCell>{t('report.name')}</TableCell>
                    <TableCell>{t('report.status')}</TableCell>
                    <TableCell>{t('report.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {flagged.map((i) => (
                    <TableRow key={`${i.stage}-${i.ref}`} data-testid="migration-flagged" data-status={i.status}>
                      <TableCell>{i.ref}</TableCell>
                      <TableCell>{stageName(i.stage)}</TableCell>
                      <TableCell>{i.name}</TableCell>
                      <TableCell>
                        <Chip size="small" color={TONE[i.status] ?? 'default'} label={t(`status.${i.status}`)} />
                      </TableCell>
                      <TableCell>{i.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </Box>
  );
}
