/**
 * /api/migration (server/migration/README.md): the dry run, the import as a job with its progress
 * and cancel, and the sample legacy file. Every route needs 'manage configs'; the config must be
 * one the viewer sees (findConfig holds it to the viewer's companies: 404 otherwise).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { routeDoc } from '../http/schemas';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { servicesOf } from '../plugins/services';
import { dryRun, prepare, type MigrationBody } from './migration.service';
import { jobOf, jobView, requestCancel, startJob } from './migration.jobs';
import { importQueue } from './migration.worker';
import { MAX_FILE_BYTES, jobParams, migrationBody, responses, sampleQuery } from './migration.schemas';

/** The shipped sample files (server/migration/samples/), read once. */
const sample = (format: 'json' | 'csv') => readFileSync(new URL(`./samples/legacy-dealer.${format}`, import.meta.url), 'utf8');
// Room for the file's text in a JSON string (escapes) and the other fields.
const BODY_LIMIT = 2 * MAX_FILE_BYTES;

export default async function migrationRoutes(app: FastifyInstance) {
  const deps = servicesOf(app);
  const manage = app.auth.requirePermission('manage configs');
  const doc = routeDoc('migration');
  const jobNotFound = () => new NotFound(serverMessages.migration.job_not_found);
  // Every instance runs the import workers; the job's state is in the database, so any instance answers its polls and cancel.
  const imports = await importQueue(app);
  const stale = app.config.jobStaleSeconds;

  app.post<{ Body: MigrationBody }>(
    '/migration/dry-run',
    { preHandler: manage, bodyLimit: BODY_LIMIT, schema: { ...doc('What importing a legacy dealer file into a config would do; writes nothing'), body: migrationBody, response: responses.dryRun } },
    async (request) => dryRun(deps, request.viewer!, request.body),
  );

  app.post<{ Body: MigrationBody }>(
    '/migration/imports',
    { preHandler: manage, bodyLimit: BODY_LIMIT, schema: { ...doc('Starts importing a legacy dealer file into a config: a job to poll (all or nothing, one revision)'), body: migrationBody, response: responses.import } },
    async (request, reply) => {
      const viewer = request.viewer!;
      // The file and the config are checked before the job starts, so those refusals are the answer.
      const prepared = await prepare(deps, viewer, request.body);
      const job = await startJob(app.db, viewer.id, prepared.loaded.row.id, prepared.rows.length, request.body);
      await imports.enqueue(job);
      return reply.code(202).send(jobView(job));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/migration/jobs/:id',
    { preHandler: manage, schema: { ...doc('An import job: status and rows processed of the total'), params: jobParams, response: responses.job } },
    async (request) => {
      const job = await jobOf(app.db, request.params.id, request.viewer!.id, stale, imports.requeue);
      if (!job) throw jobNotFound();
      return jobView(job);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/migration/jobs/:id/cancel',
    { preHandler: manage, schema: { ...doc('Cancels an import job before its write: nothing is imported'), params: jobParams, response: responses.job } },
    async (request) => {
      const job = await requestCancel(app.db, request.params.id, request.viewer!.id, stale, imports.requeue);
      if (!job) throw jobNotFound();
      return jobView(job);
    },
  );

  app.get<{ Querystring: { format?: 'json' | 'csv' } }>(
    '/migration/sample',
    { preHandler: manage, schema: { ...doc('The sample legacy dealer file (server/migration/samples/)'), querystring: sampleQuery } },
    async (request, reply) => {
      const format = request.query.format ?? 'json';
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="legacy-dealer.${format}"`)
        .send(sample(format));
    },
  );
}
