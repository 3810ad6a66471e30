/**
 * The sweep (server/sweep.ts): every TRACKER_SWEEP_SECONDS (default 300; 0 turns the timer off)
 * each instance announces the tasks that became due or overdue, recomputes the RAG that time
 * changes, sends the reminders of untouched stages and unsigned agreements and the daily digests.
 * Every instance runs it; the unique (recipient, key) of user_notifications (and of
 * notification_digests) makes each notification go once. `app.trackerSweep.run(now?)` runs one pass now (tests, operators).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/database';
import type { AppServices } from './services';

/** What one pass did. */
export interface SweepResult {
  /** Notifications inserted (= mails written to the outbox). */
  notified: number;
  /** Projects whose figures were recomputed. */
  recomputed: number;
  /** Reminders notified (issue 55): untouched stages, agreements waiting for a signature. */
  reminded: number;
  /** Daily digest mails written. */
  digests: number;
}

export interface TrackerSweepOptions {
  /**
   * The pass itself: server/sweep.ts sweepAll, handed in by app.ts (plumbing imports no area, so
   * the timer lives here and the work in server/projects/).
   */
  sweep(deps: Pick<AppServices, 'db' | 'mail' | 'config'>, now: Date): Promise<SweepResult>;
}

export interface TrackerSweep {
  /** One pass at `now` (default: the clock); a pass already running is awaited first, never doubled. */
  run(now?: Date): Promise<SweepResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trackerSweep: TrackerSweep;
  }
}

/** How soon after start the first pass runs (or after one interval, if shorter). */
const FIRST_PASS_SECONDS = 2;

export const trackerSweepPlugin = fp(
  async (app: FastifyInstance, opts: TrackerSweepOptions) => {
    let running: Promise<SweepResult> | null = null;
    let stopping = false;

    const run = async (now?: Date): Promise<SweepResult> => {
      while (running) await running.catch(() => {});
      running = opts.sweep({ db: app.db, mail: app.mail, config: app.config }, now ?? new Date());
      try {
        return await running;
      } finally {
        running = null;
      }
    };

    const tick = () => {
      if (stopping || running) return;
      run().catch((err) =>
        isDatabaseUnavailable(err) ? app.log.warn('tracker sweep skipped: the database is unavailable') : app.log.error({ err }, 'tracker sweep failed'),
      );
    };

    app.decorate('trackerSweep', { run });

    let timer: NodeJS.Timeout | null = null;
    let first: NodeJS.Timeout | null = null;
    const seconds = app.config.trackerSweepSeconds;
    if (seconds > 0) {
      app.addHook('onReady', async () => {
        // The first pass comes soon after start, not one whole interval later: after a restart
        // (a deploy, a crash) the tasks that fell due meanwhile are announced within seconds.
        first = setTimeout(tick, Math.min(seconds, FIRST_PASS_SECONDS) * 1000);
        first.unref();
        timer = setInterval(tick, seconds * 1000);
        timer.unref();
      });
    }
    // Before the database closes: no new pass, and the one in progress finishes.
    app.addHook('preClose', async () => {
      stopping = true;
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'tracker-sweep', dependencies: ['db', 'mail'] },
);
