import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, TooLarge } from '../domain-errors';
import { assertStorable } from '../http/input-guard';
import { asAnswer, sendKept } from '../http/kept-answer';
import { pageAnswer, type SimpleRestQuery } from '../http/simple-rest';
import { interpolate, serverMessages } from '../messages';
import { MAX_FILE_BYTES, MAX_FILES } from './media.content';
import { deleteMedia, listMedia, mediaPage, uploadMedia, type UploadFile } from './media.service';
import { openMediaFile, type FileAccess } from './media.access';
import * as s from './media.schemas';
import { errors, listOf } from '../http/schemas';
import { parseId } from '../http/ids';


type UploadQuery = { purpose?: 'logo'; company_id?: number };

/** A form field's value, checked like the query parameter of the same name. */
function fieldValue(name: string, value: unknown, into: UploadQuery) {
  const bad = () => new BadRequest(serverMessages.media.bad_option, [{ detail: serverMessages.media.bad_option, field: name }]);
  if (name === 'purpose') {
    if (value === '') return;
    if (value !== 'logo') throw bad();
    into.purpose = 'logo';
  } else if (name === 'company_id') {
    if (value === '' || value === 'null') return;
    const id = typeof value === 'string' ? parseId(value) : null;
    if (id === null) throw bad();
    into.company_id = id;
  }
  // Other fields (a client's own bookkeeping) are ignored: they never reach the database.
}

/**
 * Reads every part of the multipart body. The whole body is always consumed, even past a file
 * that is too big, so the client reads our 413 instead of a broken connection.
 */
async function readUpload(request: FastifyRequest, query: UploadQuery): Promise<{ files: UploadFile[]; tooLarge: boolean }> {
  const files: UploadFile[] = [];
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 10, fieldSize: 1000, parts: MAX_FILES + 10 } })) {
      // The input guard's rule for the parts it cannot see (multipart is read here, after it ran):
      // a field's name and text, and a file's name, are refused with NUL or a lone surrogate.
      assertStorable(part.fieldname);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        assertStorable(part.filename ?? '', part.fieldname);
        if (part.file.truncated) tooLarge = true;
        else files.push({ filename: part.filename, data });
      } else {
        assertStorable(part.value, part.fieldname);
        fieldValue(part.fieldname, part.value, query);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      const text = interpolate(serverMessages.media.too_many_files, { max: MAX_FILES });
      throw new TooLarge(text, [{ detail: text, field: 'file' }]);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new BadRequest(serverMessages.media.no_file, [{ detail: serverMessages.media.no_file, field: 'file' }]);
    throw error;
  }
  return { files, tooLarge };
}

/**
 * The stored bytes with their detected type; never sniffed. A public file is cached by the browser
 * for good (the bytes of a guid never change); one that needs a session is asked again on every use
 * (a 304 by ETag once the check passed), so signing out or losing the right ends it at once.
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: { guid: string; filename: string; mime: string; data: Buffer; access: FileAccess }, tag: string) {
  const etag = `"${file.guid}${tag}"`;
  reply
    .header('etag', etag)
    .header('cache-control', file.access === 'public' ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    // Opened on its own, a file is a sandboxed document: nothing in it can run as the app.
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const disposition = file.mime === 'application/pdf' && !tag ? 'attachment' : 'inline';
  reply.header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(file.mime).send(file.data);
}

/**
 * The media library (spec section 7: POST /media/page; 'view media' to list, 'upload media' to upload
 * and delete; tenancy in media/media.service.ts).
 *
 * The files themselves (GET /media/{guid}/file and /thumbnail): logos and published shared files
 * by address alone (the random guid is the capability), files private by nature (a company's own
 * uploads, images only draft posts use) with the session of someone who may see them, from the
 * bearer token or the refresh cookie that <img> requests carry (media/media.access.ts).
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view media');
  const upload = requirePermission('upload media');
  const doc = (summary: string, secured = true) => ({ tags: ['media'], summary, ...(secured ? { security: [{ bearer: [] }] } : {}) });

  // Only these routes take multipart bodies; size and count limits are per request (readUpload).
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get<{ Querystring: SimpleRestQuery }>(
    '/media',
    {
      preHandler: view,
      schema: {
        ...doc('Media the user may see, newest first: ra-data-simple-rest (sort, range, filter {q, mime, id, company_id, usable_by: a company id, or new, for the files that company may use as its logo; logo: true for the files meeting the logo rule, JPEG, PNG or PDF of 500-900 px wide and high}); total in Content-Range'),
        querystring: s.listQuery,
        response: { 200: listOf(s.mediaItem), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => sendKept(request, reply, `media:${request.user!.id}:${JSON.stringify(request.query)}`, () => pageAnswer('media', listMedia(app.db, request.viewer!, request.query))),
  );

  app.post<{ Body: { page?: number; perPage?: number; q?: string } }>(
    '/media/page',
    { preHandler: view, schema: { ...doc('A page of the media library (spec: page, perPage 30, q): media.results and total'), body: s.pageBody, response: { 200: s.pageResponse, ...errors(400, 401, 403) } } },
    async (request, reply) => sendKept(request, reply, `media-page:${request.user!.id}:${JSON.stringify(request.body)}`, () => asAnswer(mediaPage(app.db, request.viewer!, request.body))),
  );

  app.post<{ Querystring: UploadQuery }>(
    '/media',
    {
      preHandler: upload,
      schema: {
        ...doc("Upload one or more files (multipart, at most 10 of 10 MB): JPEG, PNG, WebP, GIF or PDF by content; images re-encoded without metadata, with a WebP thumbnail ('Media Uploaded')"),
        querystring: s.uploadQuery,
        response: { 201: s.uploadResponse, ...errors(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new BadRequest(serverMessages.media.no_file, [{ detail: serverMessages.media.no_file, field: 'file' }]);
      const query: UploadQuery = { ...request.query };
      const { files, tooLarge } = await readUpload(request, query);
      if (tooLarge) throw new TooLarge(serverMessages.media.too_large, [{ detail: serverMessages.media.too_large, field: 'file' }]);
      const result = await uploadMedia(app.db, request.viewer!, files, { purpose: query.purpose, companyId: query.company_id });
      return reply.status(201).send(result);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/media/:id',
    { preHandler: upload, schema: { ...doc("Delete a file by id or guid ('Media Deleted')"), params: s.params.media, response: { 200: s.deleteResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteMedia(app.db, request.viewer!, request.params.id),
  );

  app.get<{ Params: { guid: string } }>(
    '/media/:guid/file',
    {
      schema: {
        ...doc("The file as uploaded (images re-encoded), by guid. Logos and published shared files need no session (the guid is the capability); a company's own files and images only draft posts use need the session (bearer or refresh cookie) of someone who may see them, else 404", false),
        params: s.params.file,
        response: errors(400, 404),
      },
    },
    async (request, reply) => sendFile(request, reply, await openMediaFile(app, request, reply, request.params.guid.toLowerCase(), 'file'), ''),
  );

  app.get<{ Params: { guid: string } }>(
    '/media/:guid/thumbnail',
    { schema: { ...doc('The WebP thumbnail (at most 320 px) of an image, by guid, to whoever may open the file; 404 for a PDF', false), params: s.params.file, response: errors(400, 404) } },
    async (request, reply) => sendFile(request, reply, await openMediaFile(app, request, reply, request.params.guid.toLowerCase(), 'thumbnail'), '-t'),
  );
}
