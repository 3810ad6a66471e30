import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasServerMessage, HttpError } from '../http';
import { growl } from '../session/notifier';

/** A record the address names that does not exist, or that the user may not open. */
export const isMissing = (error: unknown): error is HttpError => error instanceof HttpError && (error.status === 403 || error.status === 404);

/**
 * Spec section 2: "A 403 or 404 while loading data for a route stops navigation." One behaviour
 * for every record route, whether the guard loads its data first (a route's preload) or the page
 * loads its own record: back where the user came from (the address bar with it), or the
 * dashboard when the address was the first page of the visit, and a growl saying why (the
 * server's words, e.g. "Project not found.", else the app's "Page Not Found.").
 */
export function useStopNavigation(): (error: HttpError, message?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  return useCallback(
    (error: HttpError, message?: string) => {
      growl(message ?? (hasServerMessage(error) ? error.messages.join('\n') : t('errors:not_found')), 'error');
      if (location.key !== 'default') navigate(-1);
      else navigate('/dashboard', { replace: true });
    },
    // location.key is read only for the back-or-home choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, t],
  );
}

/**
 * For a page that loads its own record: stops the navigation when that load finds none; true
 * meanwhile (render nothing). `message`: the growl's words where the page has its own (a config
 * the user may not see says the spec's "No Access.").
 */
export function useLeaveWhenMissing(error: unknown, message?: string): boolean {
  const stop = useStopNavigation();
  const missing = isMissing(error);
  useEffect(() => {
    if (missing) stop(error, message);
    // Once per failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing]);
  return missing;
}
