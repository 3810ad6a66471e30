import type { FastifyInstance } from 'fastify';
import {
  archiveConfig, changeConfigStages, configCatalogue, createConfig, deleteConfig, getConfig, listConfigs, paginateConfigs,
  writeConfigStage, type CreateConfigBody, type StageWriteBody,
} from './configs.service';
import { asAnswer, sendKept } from '../http/kept-answer';
import { serverTiming } from '../http/server-timing';
import { fromAcceptLanguage } from '../mail/mail.locale';
import { pageAnswer, sendPage } from '../http/simple-rest';
import { configHistory, configRevision, restoreRevision, type RestoreBody } from './configs.history';
import type { ListQuery } from './configs.list';
import { mailConfigContact, type MailType } from './configs.mail';
import { requestChanges, type RequestChangesBody } from './configs.request-changes';
import * as s from './configs.schemas';
import { errors, type IdParams, listOf } from '../http/schemas';
import { servicesOf } from '../plugins/services';

type CompanyConfig = { Params: { companyId: string; configId: string } };

/**
 * The kept answer of a config read (server/db/read-cache.ts): per user (their permissions decide
 * which stages they see) and address, until the next write anywhere. The configurator reads its
 * config on every page, and a config of 30 locations is some 200 KiB to build, serialise and
 * compress: issue 32 measured the read at 0.02 of a bare route with the same body.
 */
const configReadKey = (userId: number, configKey: string, companyKey = '') => `config:${userId}:${companyKey}:${configKey}`;

/** The configurator API (spec section 7); permissions per spec section 6, tenancy in every query. */
export default async function configRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  const { requirePermission } = app.auth;
  const read = requirePermission('view configs', 'manage configs');
  const write = requirePermission('edit configs', 'manage configs');
  const manage = requirePermission('manage configs');
  const doc = (summary: string, tags = ['configs']) => ({ tags, summary, security: [{ bearer: [] }] });

  app.get<{ Querystring: ListQuery }>(
    '/configs',
    { preHandler: read, schema: { ...doc('Configs the user may see (ra-data-simple-rest: sort, range, filter {q, status, company_id, id, design_type, project_type})'), querystring: s.listQuery, response: { 200: listOf(s.configSummary), ...errors(400, 401, 403) } } },
    // Per user and query, until the next write (server/db/read-cache.ts).
    async (request, reply) => sendKept(request, reply, `configs:${request.user!.id}:${JSON.stringify(request.query)}`, () => pageAnswer('configs', listConfigs(app.db, request.viewer!, request.query))),
  );

  app.get(
    '/configs/stages',
    { preHandler: requirePermission('view configs', 'create configs', 'manage configs'), schema: { ...doc('The stage catalogue and the project and design types'), response: { 200: s.catalogueResponse, ...errors(401, 403) } } },
    async (request) => configCatalogue(services, request.viewer!),
  );

  app.get<{ Params: { page: number; filter: 'active' | 'archived' | 'all' }; Querystring: { perPage: number; q?: string } }>(
    '/configs/paginate/:page/:filter',
    { preHandler: read, schema: { ...doc('One page of configs (results.configs, total), newest first'), params: s.params.paginate, querystring: s.paginateQuery, response: { 200: s.paginateResponse, ...errors(400, 401, 403) } } },
    async (request) => paginateConfigs(app.db, request.viewer!, request.params.page, request.params.filter, request.query.perPage, request.query.q),
  );

  app.get<IdParams>(
    '/configs/:id',
    { preHandler: read, schema: { ...doc('A config by id or guid (as GET /companies/{guid}/configs/{guid})'), params: s.params.config, response: { 200: s.configDetail, ...errors(401, 403, 404) } } },
    async (request, reply) => sendKept(request, reply, configReadKey(request.user!.id, request.params.id), () => asAnswer(getConfig(services, request.viewer!, request.params.id))),
  );

  app.post<IdParams>(
    '/configs/:id/archive',
    { preHandler: requirePermission('manage configs', 'create configs'), schema: { ...doc('Archive a config (create configs or manage configs)'), params: s.params.config, body: s.emptyBody, response: { 200: s.configDetail, ...errors(400, 401, 403, 404) } } },
    async (request) => archiveConfig(services, request.viewer!, request.params.id),
  );

  app.delete<IdParams>(
    '/configs/:id',
    { preHandler: manage, schema: { ...doc('Delete a config with its data and history (manage configs)'), params: s.params.config, body: s.emptyBody, response: { 200: s.deleteResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteConfig(services, request.viewer!, request.params.id),
  );

  for (const action of ['add', 'remove'] as const) {
    app.post<{ Params: { id: string; slug: string } }>(
      `/configs/:id/stage/${action}/:slug`,
      { preHandler: manage, schema: { ...doc(`${action === 'add' ? 'Enable' : 'Disable'} a stage of a config (manage configs); returns the config`), params: s.params.stage, body: s.emptyBody, response: { 200: s.configDetail, ...errors(400, 401, 403, 404), 409: s.conflict } } },
      async (request) => changeConfigStages(services, request.viewer!, request.params.id, request.params.slug, action === 'add'),
    );
  }

  app.post<{ Params: { id: string; slug: string }; Body: RequestChangesBody | null }>(
    '/configs/:id/stages/:slug/request-changes',
    { preHandler: [requirePermission('view configs', 'manage configs'), requirePermission('review configs')], schema: { ...doc('Request changes to a submitted stage (review configs): it goes back to the dealer as a draft (a revision `request_changes` keeping the message), the company\'s users are notified; answers the stage\'s open threads', ['configs', 'reviews']), params: s.params.stage, body: s.requestChangesBody, response: { 200: s.changeRequestAnswer, ...errors(400, 401, 403, 404, 422), 409: s.conflict } } },
    async (request) => requestChanges(services, request.viewer!, request.params.id, request.params.slug, request.body ?? {}),
  );

  app.post<{ Params: { id: string; type: MailType }; Body: { message?: string | null } | null }>(
    '/configs/:id/mail/:type',
    { preHandler: read, schema: { ...doc('Mail the config\'s project or account manager (through the outbox): the mail result data.email_id (the outbox row; null when there is no one to send to), data.status (sent or failure), data.failures'), params: s.params.mail, body: s.mailBody, response: { 200: s.mailResponse, ...errors(400, 401, 403, 404, 429) } } },
    async (request) => mailConfigContact(services, request.viewer!, request.params.id, request.params.type, request.body ?? {}),
  );

  app.post<{ Params: { companyId: string }; Body: CreateConfigBody | null }>(
    '/companies/:companyId/configs',
    { preHandler: requirePermission('create configs'), schema: { ...doc('Create a config for a company (create configs)'), params: s.params.company, body: s.createBody, response: { 201: s.withMessage, ...errors(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await createConfig(services, request.viewer!, request.params.companyId, request.body ?? {})),
  );

  app.get<{ Params: { companyId: string }; Querystring: ListQuery }>(
    '/companies/:companyId/configs',
    { preHandler: read, schema: { ...doc('A company\'s configs (ra-data-simple-rest)'), params: s.params.company, querystring: s.listQuery, response: { 200: listOf(s.configSummary), ...errors(400, 401, 403, 404) } } },
    async (request, reply) => sendPage(reply, 'configs', await listConfigs(app.db, request.viewer!, request.query, request.params.companyId)),
  );

  app.get<CompanyConfig>(
    '/companies/:companyId/configs/:configId',
    { preHandler: read, schema: { ...doc('A config with stages, data per stage, progress, version and mail contacts'), params: s.params.companyConfig, response: { 200: s.configDetail, ...errors(401, 403, 404) } } },
    async (request, reply) =>
      sendKept(request, reply, configReadKey(request.user!.id, request.params.configId, request.params.companyId), () => asAnswer(getConfig(services, request.viewer!, request.params.configId, request.params.companyId))),
  );

  app.put<CompanyConfig & { Body: StageWriteBody; Querystring: { data: 'all' | 'changed'; echo: boolean } }>(
    '/companies/:companyId/configs/:configId',
    { preHandler: write, onSend: serverTiming, schema: { ...doc('Write one stage (data, or patches: the edit as JSON Patch add/remove/replace into the stage as stored at version; state, action save|reset, version); ?data=changed answers with only the stages the write changed, and &echo=false without the written stage when it was stored exactly as sent (stored_as_sent); Server-Timing says the server time'), params: s.params.companyConfig, querystring: s.writeQuery, body: s.writeBody, response: { 200: s.writeResponse, ...errors(400, 401, 403, 404, 413, 422), 409: s.conflict } } },
    async (request) => writeConfigStage(services, request.viewer!, request.params.companyId, request.params.configId, request.body, { ...request.query, lng: fromAcceptLanguage(request.headers['accept-language']) }),
  );

  app.get<CompanyConfig & { Querystring: { page: number; perPage: number; stage?: string } }>(
    '/companies/:companyId/configs/:configId/history',
    { preHandler: read, schema: { ...doc('Revisions, newest first, with each change\'s field, old and new value (big values left out and named in `large`); ?stage= only those that wrote or cascaded into that stage'), params: s.params.companyConfig, querystring: s.historyQuery, response: { 200: s.historyResponse, ...errors(400, 401, 403, 404) } } },
    async (request) => configHistory(services, request.viewer!, request.params.companyId, request.params.configId, request.query),
  );

  app.get<{ Params: { companyId: string; configId: string; revisionId: number } }>(
    '/companies/:companyId/configs/:configId/history/:revisionId',
    { preHandler: read, schema: { ...doc('One revision with every change\'s old and new value (a history page leaves big values out)'), params: s.params.revision, response: { 200: s.revision, ...errors(400, 401, 403, 404) } } },
    async (request) => configRevision(services, request.viewer!, request.params.companyId, request.params.configId, request.params.revisionId),
  );

  app.post<{ Params: { companyId: string; configId: string; revisionId: number }; Body: RestoreBody }>(
    '/companies/:companyId/configs/:configId/history/:revisionId/restore',
    { preHandler: write, onSend: serverTiming, schema: { ...doc('Write a stage back to its data before a revision, as a new revision'), params: s.params.revision, body: s.restoreBody, response: { 200: s.writeResponse, ...errors(400, 401, 403, 404, 422), 409: s.conflict } } },
    async (request) => restoreRevision(services, request.viewer!, request.params.companyId, request.params.configId, request.params.revisionId, request.body),
  );
}
