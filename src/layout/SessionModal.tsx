import { Alert, Box, Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../session/LoginForm';
import { session } from '../session/session';
import { useSession } from '../session/useSession';

/**
 * The session-timeout login modal (spec sections 1 and 4). It opens over the page, which stays
 * mounted, so signing in here continues exactly where the user was; the forgot-password link is
 * left out. 300 ms fade (spec section 9).
 */
export function SessionModal() {
  const { t } = useTranslation();
  const { modalOpen, user } = useSession();
  return (
    <Dialog open={modalOpen} transitionDuration={300} disableEscapeKeyDown aria-labelledby="session-modal-title" data-testid="session-modal" maxWidth="xs" fullWidth>
      <DialogTitle id="session-modal-title">{t('session.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning" data-testid="session-alert">
          {t('session.expired')}
        </Alert>
        {modalOpen && <LoginForm variant="modal" defaultEmail={user?.email ?? ''} />}
        <Box sx={{ textAlign: 'center' }}>
          <Button size="small" onClick={() => void session.logout().then(() => session.navigate('/login'))}>
            {t('session.signOut')}
          </Button>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
