import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import HistoryIcon from '@mui/icons-material/History';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StageVersionSummary } from '../../../contract/catalogue';
import { formatWhen } from './paths';

export interface VersionsPanelProps {
  /** Newest first, as the API lists them. */
  versions: readonly StageVersionSummary[];
  current: number;
  onCompare(from: number, to: number): void;
  onRollback(version: number): void;
  /** Opens the move of configs to a version (any but 1, the shipped file); no button without it. */
  onUpgrade?(version: number): void;
  disabled?: boolean;
}

/**
 * Every published version of a stage: its note, who published it and when (version 1 is the file
 * shipped with the portal), the configs using it, the version a rollback published again; compare
 * any two, roll back to an older one (published again as the next version), and move configs to a
 * version staff published.
 */
export function VersionsPanel({ versions, current, onCompare, onRollback, onUpgrade, disabled }: VersionsPanelProps) {
  const { t, i18n } = useTranslation('configAdmin');
  const numbers = versions.map((v) => v.version);
  const [from, setFrom] = useState(() => numbers[1] ?? numbers[0] ?? 1);
  const [to, setTo] = useState(() => numbers[0] ?? 1);
  return (
    <Stack spacing={1.5} data-testid="versions-panel">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label={t('stages.versionsPanel.from')} value={from} onChange={(e) => setFrom(Number(e.target.value))} sx={{ width: { xs: 'calc(50% - 4px)', sm: 150 } }} slotProps={{ htmlInput: { 'data-testid': 'compare-from' } }}>
          {numbers.map((n) => (
            <MenuItem key={n} value={n}>
              {t('stages.versionsPanel.version', { version: n })}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('stages.versionsPanel.to')} value={to} onChange={(e) => setTo(Number(e.target.value))} sx={{ width: { xs: 'calc(50% - 4px)', sm: 150 } }} slotProps={{ htmlInput: { 'data-testid': 'compare-to' } }}>
          {numbers.map((n) => (
            <MenuItem key={n} value={n}>
              {t('stages.versionsPanel.version', { version: n })}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<CompareArrowsIcon />} onClick={() => onCompare(from, to)} disabled={from === to} data-testid="compare">
          {t('stages.versionsPanel.compare')}
        </Button>
      </Stack>
      <Box component="ol" sx={{ p: 0, m: 0 }} aria-label={t('stages.versionsPanel.title')}>
        {versions.map((v) => (
          <Box component="li" key={v.version} sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="version-row" data-version={v.version}>
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="h3" data-testid="version-title">
                  {t('stages.versionsPanel.version', { version: v.version })}
                </Typography>
                {v.version === current && <Chip size="small" color="primary" label={t('stages.versionsPanel.current')} />}
                <Chip size="small" variant="outlined" label={t('stages.versionsPanel.configs', { count: v.configs })} data-testid="version-configs" />
              </Stack>
              <Typography variant="body2" data-testid="version-note">
                {v.version === 1 && !v.published_at ? t('stages.versionsPanel.shipped') : v.note}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {v.published_at ? t('stages.versionsPanel.by', { name: v.published_by?.name ?? t('stages.someone'), when: formatWhen(v.published_at, i18n.language) }) : t('stages.versionsPanel.withPortal')}
                {v.rolled_back_to ? ` · ${t('stages.versionsPanel.rolledBack', { version: v.rolled_back_to })}` : ''}
              </Typography>
            </Box>
            {onUpgrade && v.version !== 1 && (
              <Button size="small" startIcon={<MoveUpIcon />} onClick={() => onUpgrade(v.version)} disabled={disabled} data-testid="version-upgrade">
                {t('stages.versionsPanel.upgrade')}
              </Button>
            )}
            {v.version !== current && (
              <Button size="small" startIcon={<HistoryIcon />} onClick={() => onRollback(v.version)} disabled={disabled} data-testid="version-rollback">
                {t('stages.versionsPanel.rollbackTo', { version: v.version })}
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
