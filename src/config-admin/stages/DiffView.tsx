import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StageDiff } from '../../../contract/catalogue';

export type StageChange = StageDiff['changes'][number];

// Colours with enough contrast on a small outlined chip (info's light blue has not).
const OP_COLOUR = { add: 'success', remove: 'error', change: 'primary' } as const;

/** A value as short JSON (an object or list over a few lines is cut, the whole in its title). */
function Value({ value, label }: { value: unknown; label: string }) {
  const text = value === undefined ? '' : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
  const short = text.length > 240 ? `${text.slice(0, 240)}…` : text;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box component="code" sx={{ display: 'block', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'action.hover', borderRadius: 0.5, px: 0.75, py: 0.25 }}>
        {short}
      </Box>
    </Box>
  );
}

/**
 * What changed from one version of a stage to another (`GET .../diff`): every value added, removed
 * or changed, by its JSON pointer in `{file, labels}`, with the old and new values.
 */
export function DiffView({ changes, from, to }: { changes: readonly StageChange[]; from: number; to: number }) {
  const { t } = useTranslation('configAdmin');
  if (!changes.length) return <Typography data-testid="diff-empty">{t('stages.diff.none', { from, to })}</Typography>;
  return (
    <Stack spacing={1} component="ul" sx={{ p: 0, m: 0 }} aria-label={t('stages.diff.title', { from, to })} data-testid="diff-view">
      {changes.map((c, i) => (
        <Box component="li" key={`${c.path}-${i}`} sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid="diff-change">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" color={OP_COLOUR[c.op]} variant="outlined" label={t(`stages.diff.${c.op}`)} />
            <Box component="code" sx={{ fontSize: 13, wordBreak: 'break-all' }} data-testid="diff-path">
              {c.path}
            </Box>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: c.op === 'change' ? '1fr 1fr' : '1fr' }, gap: 1 }}>
            {c.op !== 'add' && <Value value={c.old} label={t('stages.diff.old')} />}
            {c.op !== 'remove' && <Value value={c.new} label={t('stages.diff.new')} />}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
