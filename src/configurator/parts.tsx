import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The share of required stages completed, as a bar with its percentage. */
export function ConfigProgress({ value, testId }: { value: number; testId?: string }) {
  const { t } = useTranslation();
  const pct = Math.max(0, Math.min(100, Math.round(value || 0)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }} data-testid={testId}>
      <LinearProgress variant="determinate" value={pct} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={t('configPages.progress')} />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
        {pct}%
      </Typography>
    </Box>
  );
}

const STATE_COLOURS: Record<string, 'default' | 'primary' | 'success'> = { draft: 'default', submitted: 'primary', completed: 'success' };

/** A stage's state: draft, submitted or completed. */
export function StateChip({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={STATE_COLOURS[state] ?? 'default'} label={t(`configPages.states.${state}`, { defaultValue: state })} data-state={state} />;
}
