/**
 * An agreement's reminder and expiry (issue 55), chosen when it is sent: the checks of the values a
 * sending takes (422 at their field, in the spec's words) and whether a sent agreement expired.
 * An expired agreement cannot be signed (409) and is sent again by staff.
 */
import type { AgreementSendOptions, AgreementStage } from '../../contract/agreements';
import { AGREEMENT_REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX } from '../../contract/notifications';
import { Invalid, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';

/** What a sending stores beside the stage. */
export interface SendSettings {
  remindAfterDays: number | null;
  expiresAt: Date | null;
}

/** dd/mm/yyyy (spec section 5), in UTC like the PDF and the mails. */
export const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** Sent, not signed, and its expiry has passed. */
export function isExpired(r: { stage: AgreementStage; expiresAt: Date | string | null }, now: Date = new Date()): boolean {
  return r.stage === 'sent' && r.expiresAt !== null && new Date(r.expiresAt).getTime() <= now.getTime();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An expiry as stored: a date is the end of that day in UTC (the day the agreement prints as its
 * last), a date-time (with its offset) that moment; null when it is neither.
 * @example expiryOf('2026-12-12')?.toISOString() // '2026-12-12T23:59:59.999Z'
 */
export function expiryOf(value: string): Date | null {
  const date = DATE.exec(value);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const end = new Date(Date.UTC(y, m - 1, d, 23, 59, 59, 999));
    // 2026-02-30 would roll over into March.
    return end.getUTCFullYear() === y && end.getUTCMonth() === m - 1 && end.getUTCDate() === d ? end : null;
  }
  if (!DATE_TIME.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The reminder and the expiry of a sending, checked: `remind_after_days` a whole number of days from
 * 1 to REMINDER_DAYS_MAX or null (none), AGREEMENT_REMINDER_DAYS_DEFAULT when absent; `expires_at`
 * a date or date-time after `now`, or none. Every refusal is a 422 at its field.
 */
export function sendSettings(input: AgreementSendOptions, now: Date): SendSettings {
  const problems: ErrorDetail[] = [];
  const days = input.remind_after_days;
  let remindAfterDays: number | null = AGREEMENT_REMINDER_DAYS_DEFAULT;
  if (days === null) remindAfterDays = null;
  else if (days !== undefined) {
    if (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= REMINDER_DAYS_MAX) remindAfterDays = days;
    else problems.push({ detail: serverMessages.agreements.remind_after_days_invalid, field: 'remind_after_days' });
  }
  let expiresAt: Date | null = null;
  const raw = typeof input.expires_at === 'string' ? input.expires_at.trim() : null;
  if (raw) {
    expiresAt = expiryOf(raw);
    if (!expiresAt) problems.push({ detail: serverMessages.agreements.expires_at_invalid, field: 'expires_at' });
    else if (expiresAt.getTime() <= now.getTime()) problems.push({ detail: serverMessages.agreements.expires_at_past, field: 'expires_at' });
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  return { remindAfterDays, expiresAt };
}

/** True when a write carries a reminder or an expiry (only a sending takes them). */
export const hasSendSettings = (input: AgreementSendOptions) => input.remind_after_days !== undefined || input.expires_at !== undefined;
