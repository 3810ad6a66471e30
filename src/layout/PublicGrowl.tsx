import { Alert, Snackbar } from '@mui/material';
import type { NotifyType } from '../session/notifier';

export interface Shown {
  message: string;
  type: NotifyType;
  key: number;
}

/**
 * The signed-out shell's growl (layout/PublicLayout.tsx): 2 seconds, errors red, top right below the
 * top bar, as layout/Growl.tsx shows them in the app. A chunk of its own: the sign-in page's first
 * chunk does not carry MUI's Snackbar for a growl that a visitor may never see (issue 59).
 */
export default function PublicGrowl({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
  return (
    <Snackbar
      key={shown?.key}
      open={Boolean(shown)}
      autoHideDuration={2000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ top: { xs: 72, sm: 80 } }}
      data-testid="growl"
    >
      <Alert variant="filled" severity={shown?.type ?? 'info'} data-testid="growl-message" sx={{ minWidth: 288, boxShadow: 6 }}>
        {shown?.message}
      </Alert>
    </Snackbar>
  );
}
