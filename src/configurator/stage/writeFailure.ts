import type { TFunction } from 'i18next';
import { HttpError } from '../../http';

/**
 * What to tell the user when a write outside the autosave failed (a restore from History, Start
 * again): someone else's change since the page was read (409), the server's own words, or that
 * something unknown went wrong. The autosave has its own path (useStageSaver: the conflict screen).
 */
export function writeFailureMessage(err: unknown, t: TFunction): string {
  if (err instanceof HttpError && err.status === 409) return t('configPages.conflict');
  if (err instanceof HttpError) return err.messages.join('\n');
  return t('errors:unknown_error');
}
