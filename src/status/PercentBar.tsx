import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** How complete a project is: a bar with its number beside it, labelled for screen readers. */
export function PercentBar({ value, width = 120 }: { value: number; width?: number | string }) {
  const { t } = useTranslation('tracker');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: width }} data-testid="percent-bar" data-value={value}>
      <LinearProgress variant="determinate" value={value} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={t('fields.complete')} />
      <Typography variant="body2" sx={{ minWidth: 36, textAlign: 'right' }}>
        {t('percent', { value })}
      </Typography>
    </Box>
  );
}
