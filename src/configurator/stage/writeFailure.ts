import type { TFunction } from 'i18next';
import { HttpError, isStaleWrite } from '../../http';

/**
 * What to tell the user when a write outside the autosave failed (a restore from History, Start
 * again): someone else's change since the page was read (a 409 naming the current version), the
 * server's own words (any other refusal, a 409 for a closed gate among them), or that
 * something unknown went wrong. The autosave has its own path (useStageSaver: the conflict screen).
 */
export function writeFailureMessage(err: unknown, t: TFunction): string {
  if (isStaleWrite(err)) return t('configPages.conflict');
  if (err instanceof HttpError) return err.messages.join('\n');
  return t('errors:unknown_error');
}
