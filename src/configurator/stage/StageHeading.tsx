import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, Chip, Typography } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateChip } from '../parts';
import { SaveIndicator } from './SaveIndicator';

/**
 * The stage's title and state, then whatever the page adds beside them (its tools). `started`
 * false (no data: nobody has written the stage) shows "Not started" as the dashboard does.
 */
export function StageHeading({ title, state, started, children }: { title: string; state: string; started: boolean; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h4" component="h1" data-testid="page-title">
        {title}
      </Typography>
      <StateChip state={state} started={started} />
      {children}
    </Box>
  );
}

/**
 * The editor's tools beside the heading: the internal route's chip, the save indicator (`status`
 * null on a read-only stage: nothing is saved) and History.
 */
export function StageTools({ internal, status, onHistory }: { internal: boolean; status: ComponentProps<typeof SaveIndicator>['status'] | null; onHistory(): void }) {
  const { t } = useTranslation();
  return (
    <>
      {internal && <Chip size="small" color="secondary" label={t('configPages.stagePage.internal')} data-testid="stage-internal" />}
      <Box sx={{ flex: 1 }} />
      {status !== null && <SaveIndicator status={status} />}
      <Button startIcon={<HistoryIcon />} onClick={onHistory} data-testid="stage-history">
        {t('configPages.stagePage.history')}
      </Button>
    </>
  );
}
