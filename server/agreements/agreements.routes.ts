import type { FastifyInstance } from 'fastify';
import { sendKept } from '../http/kept-answer';
import { pageAnswer } from '../http/simple-rest';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { listAgreements, type AgreementListQuery } from './agreements.list';
import { archiveAgreement, createAgreement, getAgreement, type CreateAgreementBody, type UpdateAgreementBody } from './agreements.service';
import { putAgreement } from './agreements.send';
import { servicesOf } from '../plugins/services';
import * as s from './agreements.schemas';
import { whoOf } from './agreements.turns.routes';

type CompanyAgreementParams = { Params: { id: string; agreementId: string } };

/**
 * The agreements API (spec section 7, issue 27). 'view agreements' reads (a dealer: their own
 * company's agreements only, enforced in the query; internal `notes` come back null to anyone
 * without 'edit agreements'), 'edit agreements' writes. The subscription's `contractValue`,
 * `monthlyContractValue` and `designCost` are recomputed by the server on every write: what a
 * client sends in them is replaced. The PDF, sending, signing and the welcome mail are
 * agreements.documents.routes.ts.
 */
export default async function agreementRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view agreements');
  const edit = requirePermission('edit agreements');
  const doc = routeDoc('agreements');
  const listDoc =
    "Agreements the reader may see (a dealer: their company's), newest change first: ra-data-simple-rest (sort, range, filter {q, id, stage, company_id, user_id, archived, your_turn}) or the plain `stage` and `q`; archived ones only with filter archived=true (then only them); your_turn=true: only those the reader may sign now (each row says so in `your_turn`); total in Content-Range";

  app.get<{ Querystring: AgreementListQuery }>(
    '/agreements',
    { preHandler: view, schema: { ...doc(listDoc), querystring: s.listQuery, response: { 200: s.list, ...errors(400, 401, 403) } } },
    // The same for one reader until the next write (server/db/read-cache.ts).
    async (request, reply) => sendKept(request, reply, `agreements:${request.user!.id}:${JSON.stringify(request.query)}`, () => pageAnswer('agreements', listAgreements(app.db, request.viewer!, request.query))),
  );

  app.get<IdParams & { Querystring: AgreementListQuery }>(
    '/companies/:id/agreements',
    { preHandler: view, schema: { ...doc(`A company's agreements (id or guid). ${listDoc}`), params: s.params.agreement, querystring: s.listQuery, response: { 200: s.list, ...errors(400, 401, 403, 404) } } },
    async (request, reply) =>
      sendKept(request, reply, `agreements:${request.user!.id}:${request.params.id}:${JSON.stringify(request.query)}`, () =>
        pageAnswer('agreements', listAgreements(app.db, request.viewer!, request.query, request.params.id)),
      ),
  );

  app.post<{ Body: CreateAgreementBody }>(
    '/agreements',
    {
      preHandler: edit,
      schema: {
        ...doc("Create an agreement ({agreement: {name, company_id, type}, lang}): stage 'created', company_details prefilled from the company and its active config, the subscription of spec section 9's defaults with the catalogue's default products"),
        body: s.createBody,
        response: { 201: s.detail, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createAgreement(app.db, request.viewer!, request.body, whoOf(request))),
  );

  app.get<IdParams>(
    '/agreements/:id',
    { preHandler: view, schema: { ...doc("An agreement by id or guid, with its envelopes, salesperson, signature, pricing inputs, signers and whose turn it is, and its trail (a current signer's first read is their 'opened' event)"), params: s.params.agreement, response: { 200: s.detail, ...errors(401, 403, 404) } } },
    async (request) => getAgreement(app.db, request.viewer!, request.params.id, undefined, whoOf(request)),
  );

  app.get<CompanyAgreementParams>(
    '/companies/:id/agreements/:agreementId',
    { preHandler: view, schema: { ...doc("A company's agreement (ids or guids), with its envelopes, salesperson, signature and pricing inputs"), params: s.params.companyAgreement, response: { 200: s.detail, ...errors(401, 403, 404) } } },
    async (request) => getAgreement(app.db, request.viewer!, request.params.agreementId, request.params.id, whoOf(request)),
  );

  app.put<CompanyAgreementParams & { Body: UpdateAgreementBody }>(
    '/companies/:id/agreements/:agreementId',
    {
      preHandler: edit,
      schema: {
        ...doc(
          "Update an agreement ({agreement: {company_details, notes, message, subscription, type, stage, user_id, remind_after_days, expires_at, signers, countersigner_id, routing}}): content only while 'created'; stage 'sent' sends it (freezing its catalogue; remind_after_days 1 to 90, null for none, 3 when absent; expires_at a date or date-time in the future; signers [{user_id} or {email, name}] in order, countersigner_id, routing sequential or parallel: without signers any user of the company signs), and sends a sent one that expired again (to its last envelope's recipient); 'created' recalls a sent one nobody signed yet; a signed, declined or voided agreement refuses every write (409); the subscription's derived fields are recomputed (what is sent in contractValue, monthlyContractValue and designCost is replaced)",
        ),
        params: s.params.companyAgreement,
        body: s.updateBody,
        response: { 200: s.detail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => putAgreement(servicesOf(app), request.viewer!, request.params.agreementId, request.body, request.params.id, whoOf(request)),
  );

  app.post<IdParams>(
    '/agreements/:id/archive',
    { preHandler: edit, schema: { ...doc('Archive an agreement (out of the list; a signed document is kept)'), params: s.params.agreement, response: { 200: s.detail, ...errors(401, 403, 404, 409) } } },
    async (request) => archiveAgreement(app.db, request.viewer!, request.params.id),
  );
}
