/**
 * /api/migration (server/migration/README.md): the dry run, the import as a job with its progress
 * and cancel, and the sample legacy file. Every route needs 'manage configs'; the config must be
 * one the viewer sees (findConfig holds it to the viewer's companies: 404 otherwise).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { routeDoc } from '../http/schemas';
import { statusOf } from '../http/errors';
import { DomainError, NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { servicesOf } from '../plugins/services';
import { dryRun, prepare, runImport, type MigrationBody } from './migration.service';
import { finishJob, ImportCancelled, jobOf, jobRunner, jobView, requestCancel, startJob } from './migration.jobs';
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
      const job = await startJob(app.db, viewer.id, prepared.loaded.row.id, request.body.file.name, prepared.rows.length);
      // Runs here, after the answer; its state is in the database, so any instance answers its polls and cancel.
      const runner = jobRunner(app.db, job.id);
      runImport(deps, viewer, prepared, request.body, runner)
        .then(
          // An import that wrote was marked done in its write; one with nothing to write is done here.
          (result) => finishJob(app.db, job.id, 'done', { result }),
          (err: unknown) => {
            if (err instanceof ImportCancelled) return finishJob(app.db, job.id, 'cancelled');
            if (err instanceof DomainError) return finishJob(app.db, job.id, 'failed', { error: { statusCode: statusOf(err), message: err.message } });
            app.log.error({ err }, 'legacy import failed');
            return finishJob(app.db, job.id, 'failed', { error: { statusCode: 500, message: serverMessages.unknown_error } });
          },
        )
        .catch((err: unknown) => app.log.error({ err, job: job.id }, 'an import job could not be marked finished'))
        .finally(runner.stop);
      return reply.code(202).send(jobView(job));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/migration/jobs/:id',
    { preHandler: manage, schema: { ...doc('An import job: status and rows processed of the total'), params: jobParams, response: responses.job } },
    async (request) => {
      const job = await jobOf(app.db, request.params.id, request.viewer!.id);
      if (!job) throw jobNotFound();
      return jobView(job);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/migration/jobs/:id/cancel',
    { preHandler: manage, schema: { ...doc('Cancels an import job before its write: nothing is imported'), params: jobParams, response: responses.job } },
    async (request) => {
      const job = await requestCancel(app.db, request.params.id, request.viewer!.id);
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
