import type { FastifyInstance } from 'fastify';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { servicesOf } from '../plugins/services';
import * as s from './agreements.schemas';
import { agreementPdf, sendAgreementMail, signAgreement, type SignBody } from './agreements.sign';
import { sendEnvelope, type EnvelopeBody } from './agreements.send';
import type { WelcomeMailInput } from './agreements.mail';
import { docusignWebhookRoutes } from './agreements.docusign-webhook';
import { agreementTurnRoutes, verifyDocumentRoutes, whoOf } from './agreements.turns.routes';

/**
 * The agreement as a document (spec section 7, issue 27): its PDF, sending it for signature, the
 * dealer's signature in the portal, and the welcome mail. The PDF is served only with a session
 * and the tenancy check, never at an address that works without one.
 */
export default async function agreementDocumentRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view agreements');
  const edit = requirePermission('edit agreements');
  const doc = routeDoc('agreements');
  const deps = servicesOf(app);
  // Issue 57: decline, void, copy; and the anonymous verify route with its own body parser.
  await app.register(agreementTurnRoutes);
  await app.register(verifyDocumentRoutes);
  // DocuSign Connect's webhook (HMAC-checked, its own raw JSON parser), when DocuSign is configured.
  await app.register(docusignWebhookRoutes);

  app.post<IdParams>(
    '/dompdf/create/:id',
    {
      preHandler: view,
      schema: {
        ...doc("The order form's PDF (application/pdf, as an attachment): once signed, the signed PDF exactly as stored; before, rendered now from the agreement's pricing inputs"),
        params: s.params.agreement,
        response: { 200: { type: 'string', format: 'binary' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await agreementPdf(deps, request.viewer!, request.params.id, whoOf(request));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );

  app.post<IdParams & { Body: SignBody }>(
    '/agreements/:id/sign',
    {
      preHandler: view,
      schema: {
        ...doc(
          "A signer whose turn it is signs a sent agreement that has not expired (409 once expired: it must be sent again) ({signer_name, signer_position, signature: {kind: typed|drawn, text, image (PNG data URL, at most 200 KB and 3000 x 1000 pixels)}, accept: true, shown_sha256}); shown_sha256 is the detail's document_sha256 of the version read, refused (409) when the agreement changed since; a user of the company who is no signer is 403, a signer whose turn has not come or who signed is 409; the signature is appended to the PDF, the last one after the certificate of completion, and makes the agreement signed",
        ),
        params: s.params.agreement,
        body: s.signBody,
        response: { 200: s.detail, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      signAgreement(deps, request.viewer!, { email: request.user!.email, ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, request.params.id, request.body),
  );

  app.post<IdParams & { Body: EnvelopeBody }>(
    '/docusign/envelopes/:id',
    {
      preHandler: edit,
      schema: {
        ...doc(
          "Send an agreement for signature ({recipient, document_filename, agreement_id, user_id, remind_after_days (1 to 90, null for none, 3 when absent), expires_at (a date or date-time in the future), signers ([{user_id} or {email, name}], in order), countersigner_id (staff holding 'countersign agreements'), routing (sequential or parallel)}) through the configured signer (the portal's own by default; DocuSign when DOCUSIGN_* is set); a created agreement becomes 'sent', a sent one that expired is sent again; without signers the recipient signs (any user of the company may), and the recipient who is a user of the agreement's company is told in the app (agreement_to_sign) and mailed as their preferences say; named signers are each told when their turn comes",
        ),
        params: s.params.agreement,
        body: s.envelopeBody,
        response: { 200: s.envelope, ...errors(400, 401, 403, 404, 409, 422, 502, 504) },
      },
    },
    async (request) => sendEnvelope(deps, request.viewer!, request.params.id, request.body, {}, whoOf(request)),
  );

  app.post<IdParams & { Body: { to: string; data: WelcomeMailInput['data'] } }>(
    '/mail/:id',
    {
      preHandler: edit,
      schema: {
        ...doc("The welcome mail of an agreement ({to, data: {username, editionsurl, regionTelephone, keyContact}}) through the outbox: the mail result data.email_id (the outbox row), data.status (sent or failure) and data.sent, and data.failures naming each address that did not get it"),
        params: s.params.agreement,
        body: s.mailBody,
        response: { 200: s.mailAnswer, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => sendAgreementMail(deps, request.viewer!, request.params.id, request.body),
  );
}
