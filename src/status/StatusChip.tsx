import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '../../contract/projects';

// Colours that keep the label's contrast (WCAG AA, axe in tests/e2e/tracker.test.ts): MUI's filled
// info and warning chips do not, so "pre-project" and "on hold" are outlined with dark text.
const LOOK: Record<ProjectStatus, { color: 'default' | 'primary' | 'success'; variant: 'filled' | 'outlined'; border?: string }> = {
  'pre-project': { color: 'primary', variant: 'outlined' },
  active: { color: 'primary', variant: 'filled' },
  live: { color: 'success', variant: 'filled' },
  'on hold': { color: 'default', variant: 'outlined', border: 'warning.main' },
  cancelled: { color: 'default', variant: 'filled' },
  archived: { color: 'default', variant: 'filled' },
};

/** A project's status in the reader's words. */
export function StatusChip({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('tracker');
  const look = LOOK[status];
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      sx={look.border ? { borderColor: look.border, borderWidth: 2 } : undefined}
      label={t(`status.${status}`)}
      data-testid="status-chip"
      data-status={status}
    />
  );
}
