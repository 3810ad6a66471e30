import type { AppServices } from '../plugins/services';

/** The daily digest mails (issue 55). Returns the mails written. */
export async function sweepDigests(_deps: Pick<AppServices, 'db' | 'mail' | 'config'>, _now: Date): Promise<number> {
  return 0;
}
