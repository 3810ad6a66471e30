import { Alert, AlertTitle, Box, Chip, LinearProgress, Typography } from '@mui/material';
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

/**
 * A stage nobody has written has no data in the config. The server reports its state as a draft
 * (the state a first save starts from), but to the user it is "Not started", not a draft.
 */
export const stageStarted = (config: { data: Record<string, unknown> }, slug: string) => config.data[slug] !== undefined && config.data[slug] !== null;

/** A stage's state: draft, submitted or completed; "Not started" for a draft nobody has written (`started` false). */
export function StateChip({ state, started = true }: { state: string; started?: boolean }) {
  const { t } = useTranslation();
  const shown = !started && state === 'draft' ? 'notStarted' : state;
  return <Chip size="small" variant="outlined" color={STATE_COLOURS[shown] ?? 'default'} label={t(`configPages.states.${shown}`, { defaultValue: shown })} data-state={shown} />;
}

/**
 * Why a config page has no config: no access (403 / 404, in the spec's words 'No Access.'), or it
 * could not be loaded (anything else).
 */
export function ConfigLoadError({ denied }: { denied: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  if (!denied) return <Alert severity="error">{t('configPages.loadFailed')}</Alert>;
  return (
    <Alert severity="warning" data-testid="config-no-access">
      <AlertTitle>{t('errors:access_denied')}</AlertTitle>
      {t('configPages.noAccess')}
    </Alert>
  );
}
