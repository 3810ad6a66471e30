/**
 * One pass of the timed work every instance runs (plugins/tracker-sweep.ts): the tracker's due and
 * overdue tasks and RAG, then the reminders of untouched stages and of unsigned agreements, then the
 * daily digests (issue 55), then the audit log's entries past their period (issue 58). Each part
 * claims its work in PostgreSQL (a unique key or a row lock), so several instances sweeping at once
 * notify each person once.
 */
import type { AppServices } from './plugins/services';
import type { SweepResult } from './plugins/tracker-sweep';
import { sweepAgreementReminders } from './agreements/agreements.reminders';
import { sweepStageReminders } from './configs/configs.reminders';
import { sweepDigests } from './notifications/notifications.digest';
import { sweepTracker } from './projects/projects.notifications';
import { pruneAuditLog } from './audit/audit.retention';

export async function sweepAll(deps: Pick<AppServices, 'db' | 'mail' | 'config'>, now: Date): Promise<SweepResult> {
  const { notified, recomputed } = await sweepTracker(deps, now);
  const reminded = (await sweepStageReminders(deps, now)) + (await sweepAgreementReminders(deps, now));
  // Last: a digest lists what this pass notified too.
  const digests = await sweepDigests(deps, now);
  // Entries past the audit log's period (issue 58); the table refuses any other delete.
  await pruneAuditLog(deps.db, deps.config.auditRetentionDays, now);
  return { notified, recomputed, reminded, digests };
}
