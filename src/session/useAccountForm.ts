import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountCheck, AccountError } from '../../engine/accounts';
import { HttpError, hasServerMessage } from '../http';
import { growl } from './notifier';
import { accountMessages, flaggedFields, stillWrong } from './accountErrors';

/** Maps a failed server call to the texts to growl; the default is the error's own texts. */
export type ServerTexts = (error: HttpError) => string[];

/**
 * The one submit cycle of every account page: show the engine check's messages and flagged
 * fields; when the check passed, send the trimmed values under a busy flag and growl what the
 * server said (red, 2 s) if it refused.
 *
 * `current` is the form's problems as the values are now (re-checked on every render): given it,
 * what a submit reported clears field by field as the user puts it right, and the message goes
 * with the last one (see stillWrong). Without it the report stands until the next submit.
 */
export function useAccountForm(current?: readonly AccountError[]) {
  const { t } = useTranslation('errors');
  const [reported, setReported] = useState<readonly AccountError[]>([]);
  // Sent once, never retried, one at a time; `busy` while it is under way. A flag, not a react-query
  // mutation: the sign-in page's first chunk then carries no react-query (issue 59).
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  // Derived, not stored: the texts follow a language change too.
  const shown = current ? stillWrong(reported, current) : reported;
  const messages = accountMessages(shown, t);
  const flagged = flaggedFields(shown);

  async function submit<V>(check: AccountCheck<V>, send: (values: V) => Promise<void>, serverTexts?: ServerTexts): Promise<void> {
    setReported(check.errors);
    if (!check.ok) return;
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      await send(check.values);
    } catch (error) {
      const texts = error instanceof HttpError ? (serverTexts?.(error) ?? error.messages) : [t('errors:unknown_error')];
      texts.forEach((text) => growl(text, 'error'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const clear = () => setReported([]);

  return { messages, flagged, busy, submit, clear };
}

/**
 * Spec section 8: a bare 401 on forgot-password or reset reads 'That email does not exist.';
 * when the server sent words of its own, those win.
 */
export function emailNotFoundTexts(t: (key: string) => string): ServerTexts {
  return (error) => (error.status === 401 && !hasServerMessage(error) ? [t('errors:email_not_found')] : error.messages);
}
