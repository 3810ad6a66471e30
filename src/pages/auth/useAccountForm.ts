import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountCheck } from '../../../engine/accounts';
import { HttpError, hasServerMessage } from '../../http';
import { growl } from '../../session/notifier';
import { accountMessages, flaggedFields } from './accountErrors';

/** Maps a failed server call to the texts to growl; the default is the error's own texts. */
export type ServerTexts = (error: HttpError) => string[];

/**
 * The one submit cycle of every account page: show the engine check's messages and flagged
 * fields; when the check passed, send the trimmed values under a busy flag and growl what the
 * server said (red, 2 s) if it refused.
 */
export function useAccountForm() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<string[]>([]);
  const [flagged, setFlagged] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  async function submit<V>(check: AccountCheck<V>, send: (values: V) => Promise<void>, serverTexts?: ServerTexts): Promise<void> {
    setMessages(accountMessages(check.errors, t));
    setFlagged(flaggedFields(check.errors));
    if (!check.ok) return;
    setBusy(true);
    try {
      await send(check.values);
    } catch (error) {
      const texts = error instanceof HttpError ? (serverTexts?.(error) ?? error.messages) : [t('errors:unknown_error')];
      texts.forEach((text) => growl(text, 'error'));
    } finally {
      setBusy(false);
    }
  }

  const clear = () => {
    setMessages([]);
    setFlagged(new Set());
  };

  return { messages, flagged, busy, submit, clear };
}

/**
 * Spec section 8: a bare 401 on forgot-password or reset reads 'That email does not exist.';
 * when the server sent words of its own, those win.
 */
export function emailNotFoundTexts(t: (key: string) => string): ServerTexts {
  return (error) => (error.status === 401 && !hasServerMessage(error) ? [t('errors:email_not_found')] : error.messages);
}
