import type { FastifyInstance } from 'fastify';
import { errors, routeDoc } from '../http/schemas';
import { servicesOf } from '../plugins/services';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { checkFile, diffVersions, discardDraft, getEditableStage, getStageVersion, listCatalogue, pinnedStageVersion, publishDraft, rollbackStage, saveDraft, type DraftBody, type PublishBody, type RollbackBody } from './catalogue.service';
import { upgradeConfigs, upgradeDryRun, type UpgradeBody } from './catalogue.upgrade';
import { validatorModuleText } from './catalogue.versions';
import { createBornStage } from './catalogue.born';
import type { NewStageBody } from '../../contract/born-stages';
import * as s from './catalogue.schemas';

type Slug = { Params: { slug: string } };
/** Room for a big stage file (the largest built-in, buying-online, is 11 KB on disk); publishProblems refuses one over its own 1 MB limit with a message, so the body may be a little bigger. */
const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The stage catalogue staff edit (issue 31, server/catalogue/README.md): stages and their
 * versions, one shared draft per stage, publish, rollback and diff. Every call needs 'edit admin
 * configs' (spec section 6: the configurator admin); no call takes a company, so tenancy does not apply.
 */
export default async function catalogueRoutes(app: FastifyInstance) {
  const edit = app.auth.requirePermission('edit admin configs');
  const doc = routeDoc('catalogue');
  const services = servicesOf(app);

  app.get('/stage-catalogue', { preHandler: edit, schema: { ...doc('Every configurator stage: its current version, configs per version, and its draft'), response: { 200: { type: 'array', items: s.catalogueRow }, ...errors(401, 403) } } }, async () =>
    listCatalogue(app.db),
  );

  // A stage born in the editor (issue 56): its shared draft, from a minimal file, for the usual draft/publish flow.
  app.post<{ Body: NewStageBody }>(
    '/stage-catalogue',
    { preHandler: edit, schema: { ...doc('Create a new stage (its draft: no fields yet); its first publish is its version 1. 409 for a slug a stage has; 422 without an English title'), body: s.newStageBody, response: { 201: s.newStageAnswer, ...errors(400, 401, 403, 409, 422) } } },
    async (request, reply) => {
      const made = await createBornStage(app.db, request.viewer!, request.body);
      return reply.status(201).send({ ...made, message: serverMessages.catalogue.born.created });
    },
  );

  app.get<Slug>(
    '/stage-catalogue/:slug',
    { preHandler: edit, schema: { ...doc("A stage: its current version's file and texts, every version, and the draft with its problems"), params: s.params, response: { 200: s.editableStage, ...errors(400, 401, 403, 404) } } },
    async (request) => getEditableStage(app.db, request.params.slug),
  );

  app.get<{ Params: { slug: string; version: number } }>(
    '/stage-catalogue/:slug/versions/:version',
    { preHandler: edit, schema: { ...doc('One version of a stage, whole (1 is the file shipped with the portal)'), params: s.versionParams, response: { 200: s.stageVersion, ...errors(400, 401, 403, 404) } } },
    async (request) => getStageVersion(app.db, request.params.slug, request.params.version),
  );

  app.get<Slug & { Querystring: { from: number; to: number } }>(
    '/stage-catalogue/:slug/diff',
    { preHandler: edit, schema: { ...doc('What changed from one version of a stage to another, by JSON pointer'), params: s.params, querystring: s.diffQuery, response: { 200: s.stageDiff, ...errors(400, 401, 403, 404) } } },
    async (request) => diffVersions(app.db, request.params.slug, request.query.from, request.query.to),
  );

  app.put<Slug & { Body: DraftBody }>(
    '/stage-catalogue/:slug/draft',
    {
      preHandler: edit,
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: { ...doc("Save the stage's draft (revision: the one loaded, 0 for a new draft; an older one is 409). A broken draft is saved too, with its problems"), params: s.params, body: s.draftBody, response: { 200: s.draftSaved, ...errors(400, 401, 403, 404, 409, 413) } },
    },
    async (request) => saveDraft(app.db, request.viewer!, request.params.slug, request.body),
  );

  app.post<Slug & { Body: { file: unknown; labels?: Record<string, Record<string, string>> } }>(
    '/stage-catalogue/:slug/check',
    {
      preHandler: edit,
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: { ...doc('What would stop a file from being published, and the texts it lacks, without saving it (the editor asks as staff type)'), params: s.params, body: s.checkBody, response: { 200: s.checkAnswer, ...errors(400, 401, 403, 404, 413) } },
    },
    async (request) => checkFile(app.db, request.params.slug, request.body),
  );

  app.delete<Slug & { Querystring: { revision: number } }>(
    '/stage-catalogue/:slug/draft',
    { preHandler: edit, schema: { ...doc('Discard the draft (the revision loaded; an older one is 409)'), params: s.params, querystring: s.revisionQuery, response: { 200: s.messageAnswer, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => discardDraft(app.db, request.params.slug, request.query.revision),
  );

  app.post<Slug & { Body: PublishBody }>(
    '/stage-catalogue/:slug/publish',
    { preHandler: edit, schema: { ...doc('Publish the draft as the next version, with a note (422 with every problem while it has any; 409 when the draft moved on)'), params: s.params, body: s.publishBody, response: { 201: s.published, ...errors(400, 401, 403, 404, 409, 422) } } },
    async (request, reply) => reply.status(201).send(await publishDraft(app.db, request.viewer!, request.params.slug, request.body)),
  );

  app.post<Slug & { Body: RollbackBody }>(
    '/stage-catalogue/:slug/rollback',
    { preHandler: edit, schema: { ...doc('Publish an older version again as the next one, with a note'), params: s.params, body: s.rollbackBody, response: { 201: s.published, ...errors(400, 401, 403, 404, 409, 422) } } },
    async (request, reply) => reply.status(201).send(await rollbackStage(app.db, request.viewer!, request.params.slug, request.body)),
  );

  app.get<Slug & { Querystring: { to: number } }>(
    '/stage-catalogue/:slug/upgrade',
    { preHandler: edit, schema: { ...doc('Dry run of moving configs to a version of the stage: per config on another version, whether its data fits, needs input, or would no longer validate (nothing is written)'), params: s.params, querystring: s.upgradeQuery, response: { 200: s.upgradePlan, ...errors(400, 401, 403, 404) } } },
    async (request) => upgradeDryRun(services, request.viewer!, request.params.slug, request.query.to),
  );

  app.post<Slug & { Body: UpgradeBody }>(
    '/stage-catalogue/:slug/upgrade',
    { preHandler: edit, schema: { ...doc('Move configs to a version of the stage, each through the stage write (a revision in its history); configs whose data would no longer validate are not moved and are listed'), params: s.params, body: s.upgradeBody, response: { 200: s.upgradeAnswer, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => upgradeConfigs(services, request.viewer!, request.params.slug, request.body),
  );

  // A config pinned to a published version: any signed-in user reads the version (no company's data in it).
  app.get<{ Params: { slug: string; version: number } }>(
    '/stage-versions/:slug/:version',
    { preHandler: app.auth.authenticate, schema: { ...doc('A published stage version as the configurator shows it: its file, texts and validator module'), params: s.versionParams, response: { 200: s.pinnedVersion, ...errors(400, 401, 404) } } },
    async (request) => pinnedStageVersion(app.db, request.params.slug, request.params.version),
  );

  // The validators of a published version, as the module the server runs: addressed by the hash of
  // its text, so it is cached for good. Public like the app's own scripts (a module import carries
  // no bearer token; the code holds no data, and the hash is unguessable).
  app.get<{ Params: { file: string } }>(
    '/stage-validators/:file',
    { schema: { ...doc('A stage version\'s validator module (JavaScript), by the hash of its text'), params: s.validatorParams } },
    async (request, reply) => {
      const hash = /^([a-f0-9]{32})\.js$/.exec(request.params.file)?.[1];
      const text = hash ? await validatorModuleText(app.db, hash) : undefined;
      if (!text) throw new NotFound(serverMessages.not_found);
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(text);
    },
  );
}
