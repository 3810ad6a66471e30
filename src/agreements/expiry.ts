import type { AgreementSendOptions } from '../../contract/agreements';
import { AGREEMENT_REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX } from '../../contract/notifications';
import { formatDate } from '../i18n/format';
import type { AgreementListItem } from './api';

/**
 * An agreement's expiry as the pages show it (issue 55). The server stores a chosen day as its
 * last moment in UTC (`2026-12-12T23:59:59.999Z`) and prints dates in UTC, so the day is read from
 * the UTC date, never the browser's time zone (which would show 13/12 east of Greenwich).
 * @example expiryDate('2026-12-12T23:59:59.999Z') // '12/12/2026'
 */
export function expiryDate(expiresAt: string | null): string {
  return expiresAt ? formatDate(expiresAt.slice(0, 10)) : '';
}

/**
 * Sent, not signed, and its expiry passed: the server's `expired`, or the clock's since the answer
 * was read (a list row may be older than the expiry).
 */
export function isExpired(a: Pick<AgreementListItem, 'stage' | 'expires_at' | 'expired'>, now = Date.now()): boolean {
  return a.expired || (a.stage === 'sent' && a.expires_at !== null && Date.parse(a.expires_at) <= now);
}

/** The send dialog's fields as typed. */
export interface SendOptionsDraft {
  /** Remind the signer at all. */
  remind: boolean;
  /** Days, as typed. */
  days: string;
  /** yyyy-mm-dd (a date input's value), or ''. */
  expiresOn: string;
}

export const defaultSendOptions = (): SendOptionsDraft => ({ remind: true, days: String(AGREEMENT_REMINDER_DAYS_DEFAULT), expiresOn: '' });

/** Today as a date input writes it (the reader's calendar). */
export function todayInput(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The sending's body from the dialog's fields, or the fields' problems as translation keys of
 * `agreementForm` (the server checks the same and answers 422 at `remind_after_days`/`expires_at`).
 * @example sendOptionsOf({ remind: true, days: '5', expiresOn: '' }, '2026-06-01').options // { remind_after_days: 5, expires_at: null }
 */
export function sendOptionsOf(draft: SendOptionsDraft, today: string): { options?: AgreementSendOptions; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const days = Number(draft.days.trim());
  if (draft.remind && (!/^\d+$/.test(draft.days.trim()) || days < 1 || days > REMINDER_DAYS_MAX)) errors.remind_after_days = 'send.daysInvalid';
  if (draft.expiresOn && !(/^\d{4}-\d{2}-\d{2}$/.test(draft.expiresOn) && draft.expiresOn >= today)) errors.expires_at = 'send.expiresPast';
  if (Object.keys(errors).length) return { errors };
  return { options: { remind_after_days: draft.remind ? days : null, expires_at: draft.expiresOn || null }, errors };
}
