import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGREEMENT_REASON_MAX, type AgreementReasonBody } from '../../contract/agreements';
import { countAttempt, rateKeys, VERIFY_DOCUMENT_RULE } from '../auth/auth.rate-limit';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { MAX_FILE_BYTES } from '../media/media.content';
import { servicesOf } from '../plugins/services';
import { copyAgreement, declineAgreement, voidAgreement } from './agreements.close';
import { countersigners, COUNTERSIGNERS_MAX } from './agreements.countersigners';
import type { Who } from './agreements.events';
import * as s from './agreements.schemas';
import { verifyDocument } from './agreements.verify';

/** Who is asking and from where, for the trail (agreements.events.ts). */
export const whoOf = (request: FastifyRequest): Who => ({ userId: request.user?.id ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * Issue 57: a signer declines, staff void, staff copy a declined or voided agreement to a new
 * draft (agreements.close.ts); staff who send list who may countersign (agreements.countersigners.ts). A decline is the signer's own: 'view agreements' and their turn;
 * voiding and copying are 'edit agreements'.
 */
export async function agreementTurnRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view agreements');
  const edit = requirePermission('edit agreements');
  const doc = routeDoc('agreements');
  const deps = servicesOf(app);

  app.get<{ Querystring: { q?: string } }>(
    '/agreements/countersigners',
    {
      // Whoever may send an agreement chooses its countersigner.
      preHandler: edit,
      schema: {
        ...doc(`Who may countersign an agreement: active users whose role holds 'countersign agreements', by name, at most ${COUNTERSIGNERS_MAX}; q narrows by part of a name or address`),
        querystring: s.countersignersQuery,
        response: { 200: s.countersigners, ...errors(400, 401, 403) },
      },
    },
    async (request) => countersigners(deps.db, request.query.q),
  );

  app.post<IdParams & { Body: AgreementReasonBody }>(
    '/agreements/:id/decline',
    {
      preHandler: view,
      schema: {
        ...doc(`A signer whose turn it is declines the agreement ({reason}, 1 to ${AGREEMENT_REASON_MAX} characters): stage 'declined', back to staff with the reason, the salesperson mailed; 403 for a user who is no signer, 409 when it is not their turn`),
        params: s.params.agreement,
        body: s.reasonBody,
        response: { 200: s.detail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => declineAgreement(deps, request.viewer!, whoOf(request), request.params.id, request.body),
  );

  app.post<IdParams & { Body: AgreementReasonBody }>(
    '/agreements/:id/void',
    {
      preHandler: edit,
      schema: {
        ...doc(`Void a sent agreement ({reason}, 1 to ${AGREEMENT_REASON_MAX} characters): stage 'voided', no more signatures; every signer is mailed the reason`),
        params: s.params.agreement,
        body: s.reasonBody,
        response: { 200: s.detail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => voidAgreement(deps, request.viewer!, whoOf(request), request.params.id, request.body),
  );

  app.post<IdParams>(
    '/agreements/:id/copy',
    {
      preHandler: edit,
      schema: {
        ...doc("Copy a declined or voided agreement to a new draft (stage 'created', a new guid, the same content priced on the current catalogue)"),
        params: s.params.agreement,
        response: { 201: s.detail, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await copyAgreement(deps, request.viewer!, whoOf(request), request.params.id)),
  );
}

/**
 * POST /verify-document (no sign-in): the PDF's bytes as the body (application/pdf or
 * application/octet-stream, at most the media library's 10 MB), checked by content (`%PDF-`);
 * rate-limited per address like the other anonymous routes. Own plugin: its body parser takes raw
 * bytes for this route only.
 */
export async function verifyDocumentRoutes(app: FastifyInstance) {
  const deps = servicesOf(app);
  app.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/verify-document',
    {
      bodyLimit: MAX_FILE_BYTES,
      schema: {
        tags: ['agreements'],
        summary:
          "Verify a document (no sign-in): the PDF's bytes (application/pdf) answer whether the portal issued it, the agreement's guid (nothing else of it), each signature intact or not and whether it is the final version; 422 for a file that is no PDF; rate-limited per address",
        security: [],
        response: { 200: s.verifyAnswer, ...errors(400, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      await countAttempt(deps, rateKeys.verifyDocument(request.ip), VERIFY_DOCUMENT_RULE);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return verifyDocument(deps, body);
    },
  );
}
