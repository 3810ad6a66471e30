import { Notification } from 'react-admin';

/**
 * Growl notifications (spec sections 4 and 8): 2 seconds, errors red. Anchored top right, below
 * the top bar so they never hide its links.
 */
export function Growl() {
  return <Notification autoHideDuration={2000} data-testid="growl" anchorOrigin={{ vertical: 'top', horizontal: 'right' }} sx={{ top: { xs: 72, sm: 80 } }} />;
}
