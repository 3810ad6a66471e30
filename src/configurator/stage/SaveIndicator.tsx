import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './useStageSaver';

const ICONS: Record<SaveStatus, ReactNode> = {
  saved: <CheckCircleOutline fontSize="small" color="success" />,
  // Still while the user types: a spinner then made the browser paint every frame, a third of each
  // keystroke's time on the stage page (npm run bench -- stage-page). It turns only while a save
  // is under way.
  pending: <EditOutlined fontSize="small" color="action" />,
  saving: <CircularProgress size={14} />,
  offline: <CloudOffOutlined fontSize="small" color="warning" />,
  failed: <ErrorOutline fontSize="small" color="error" />,
};

/** "Saved / Unsaved changes / Saving… / Offline – changes kept on this device / Not saved", announced politely. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" data-testid="save-indicator" data-status={status} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minHeight: 24 }}>
      {ICONS[status]}
      <Typography variant="body2" color={status === 'failed' ? 'error' : 'text.secondary'}>
        {t(`configPages.stagePage.status.${status}`)}
      </Typography>
    </Box>
  );
}
