import type { AppServices } from '../plugins/services';

/** Reminders of untouched stages (issue 55): filled in by the stage reminders' work. Returns the people notified. */
export async function sweepStageReminders(_deps: Pick<AppServices, 'db' | 'mail' | 'config'>, _now: Date): Promise<number> {
  return 0;
}
