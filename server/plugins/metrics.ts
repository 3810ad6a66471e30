import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { count, eq } from 'drizzle-orm';
import { importJobs, mailOutbox } from '../db/schema';
import { QUEUES } from '../db/queue';
import { NotFound, Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { holdsToken } from '../http/operator-token';

/**
 * Metrics in Prometheus's text format at GET /api/metrics (issue 53), for the operator's scraper:
 * request durations by route pattern, method and status; the process's own (event-loop delay, heap,
 * GC, CPU: prom-client's defaults); the database pool's use and waits (PostgreSQL); the mail
 * outbox's depth, the import jobs running and the job queue's waiting jobs. Behind a bearer token (METRICS_TOKEN, compared in
 * constant time); without one the route is not there (404) and nothing is collected: no hook on
 * each request, no process monitors. One registry per app: a test process runs several apps.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  if (!token) {
    app.get('/api/metrics', { schema: { hide: true } }, async () => {
      throw new NotFound(serverMessages.not_found);
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const answered = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const poolUse = app.database.poolUse;
  if (poolUse) {
    for (const [name, help, pick] of [
      ['db_pool_connections', 'Connections the pool holds.', (u: ReturnType<typeof poolUse>) => u.total],
      ['db_pool_idle_connections', 'Connections of the pool not in use.', (u: ReturnType<typeof poolUse>) => u.idle],
      ['db_pool_waiting_requests', 'Queries waiting for a connection of the pool.', (u: ReturnType<typeof poolUse>) => u.waiting],
    ] as const) {
      new Gauge({ name, help, registers: [registry], collect() { this.set(pick(poolUse())); } });
    }
  }
  // Read at each scrape (every 15-60 s): two counts on small, indexed tables.
  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Mails waiting in the outbox to be sent (or sent again).',
    registers: [registry],
    async collect() {
      const [row] = await app.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'import_jobs_running',
    help: 'Legacy imports running on any instance.',
    registers: [registry],
    async collect() {
      const [row] = await app.db.select({ n: count() }).from(importJobs).where(eq(importJobs.status, 'running'));
      this.set(Number(row?.n ?? 0));
    },
  });

  new Gauge({
    name: 'job_queue_waiting',
    help: 'Jobs of the queue (pg-boss) waiting for a worker, created or to be retried, by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const queue of Object.values(QUEUES)) this.set({ queue }, await app.queue.boss.getQueueSize(queue));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the address (an id per series would be unbounded); unmatched: the app's files or a 404.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    answered.inc(labels);
  });

  app.get('/api/metrics', { schema: { tags: ['system'], hide: true } }, async (request, reply) => {
    if (!holdsToken(request, token)) throw new Unauthorized(serverMessages.unauthorised);
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
