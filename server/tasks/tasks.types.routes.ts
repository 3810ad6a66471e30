import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest, Forbidden, Invalid, NotFound, TooLarge, Unauthorized } from '../domain-errors';
import { assertStorable } from '../http/input-guard';
import { sendKept } from '../http/kept-answer';
import { errors, type IdParams, listOf, routeDoc, simpleRestQuery } from '../http/schemas';
import { pageAnswer } from '../http/simple-rest';
import { whole } from './tasks.order';
import { fileViewer } from '../media/media.access';
import { MAX_FILE_BYTES } from '../media/media.content';
import { NAME_MAX } from '../../contract/names';
import { interpolate, serverMessages } from '../messages';
import { iconOf } from './tasks.icons';
import { createType, deleteType, listTypes, readIcon, sortType, updateType, type TypeInput } from './tasks.types';
import * as s from './tasks.schemas';
import type { Permission } from '../../contract/permissions';

const READERS: Permission[] = ['list tasks', 'edit tasks', 'view projects', 'edit projects'];

const refuse = (Kind: typeof BadRequest, message: string, field: string) => new Kind(message, [{ detail: message, field }]);

/** A multipart `names` field: JSON text of the names (contract/names.ts); text that is not JSON is the 422 on `names`. */
function namesField(value: string, truncated: boolean): unknown {
  if (truncated) {
    const detail = interpolate(serverMessages.names.too_long, { max: NAME_MAX });
    throw new Invalid(detail, [{ detail, field: 'names' }]);
  }
  let names: unknown;
  try {
    names = JSON.parse(value);
  } catch {
    throw new Invalid(serverMessages.names.not_object, [{ detail: serverMessages.names.not_object, field: 'names' }]);
  }
  // The JSON may spell out what the text field itself could not carry ("\u0000"): the guard's 400, as for a JSON body.
  assertStorable(names, 'names');
  return names;
}

/**
 * A type's multipart form: `name`, `names` (JSON text, e.g. `{"fr-FR": "Conception"}`), one `file` (the icon) and `remove_icon` ("true"). Anything
 * else is a 400 naming it (a misspelt field must not be dropped silently); the whole body is read
 * even past a file that is too big, so the client gets our 413.
 */
async function readTypeForm(request: FastifyRequest): Promise<TypeInput> {
  const out: TypeInput = {};
  let file: { data: Buffer; filename: string } | null = null;
  let files = 0;
  let tooLarge = false;
  let remove = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 2, fields: 6, fieldSize: 8192, parts: 8 } })) {
      assertStorable(part.fieldname);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        assertStorable(part.filename ?? '', part.fieldname);
        if (part.fieldname !== 'file') throw refuse(BadRequest, serverMessages.tasks.bad_field, part.fieldname);
        files += 1;
        if (part.file.truncated) tooLarge = true;
        else file = { data, filename: part.filename };
      } else {
        const value = String(part.value);
        assertStorable(value, part.fieldname);
        if (part.fieldname === 'name') out.name = value;
        else if (part.fieldname === 'names') out.names = namesField(value, part.valueTruncated);
        else if (part.fieldname === 'remove_icon') {
          if (!['true', 'false', '1', '0', ''].includes(value)) throw refuse(BadRequest, serverMessages.tasks.bad_field, 'remove_icon');
          remove = value === 'true' || value === '1';
        } else throw refuse(BadRequest, serverMessages.tasks.bad_field, part.fieldname);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse(BadRequest, serverMessages.tasks.one_file, 'file');
    throw error;
  }
  if (tooLarge) throw refuse(TooLarge, serverMessages.media.too_large, 'file');
  if (files > 1) throw refuse(BadRequest, serverMessages.tasks.one_file, 'file');
  if (file) out.icon = await iconOf(file.data, file.filename);
  else if (remove) out.icon = null;
  return out;
}

/**
 * Task types (spec section 7: `GET, POST /tasks/types`, `POST /tasks/types/{id}` multipart with
 * name and icon, `DELETE /tasks/types/{id}`; sorted by `POST /tasks/types/{id}/sort`), and the
 * icon itself (`GET /tasks/types/{id}/icon?v={hash}`).
 */
export default async function taskTypeRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission(...READERS);
  const edit = requirePermission('edit tasks');
  const doc = routeDoc('tasks');
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get(
    '/tasks/types',
    {
      preHandler: read,
      schema: { ...doc("Every task type by position, with its icon's address and the number of templates of it (simple-rest's sort, range and filter are accepted and the whole list answered, total in Content-Range)"), querystring: simpleRestQuery, response: { 200: listOf(s.taskType), ...errors(400, 401, 403) } },
    },
    async (request, reply) => sendKept(request, reply, 'task-types', () => pageAnswer('tasks/types', listTypes(app.db).then(whole))),
  );

  app.get<IdParams>(
    '/tasks/types/:id',
    { preHandler: read, schema: { ...doc('A task type'), params: s.params, response: { 200: s.taskType, ...errors(401, 403, 404) } } },
    async (request) => {
      const found = (await listTypes(app.db)).find((type) => String(type.id) === request.params.id);
      if (!found) throw new NotFound(serverMessages.not_found);
      return found;
    },
  );

  app.post<{ Body: { name: string; names?: unknown } }>(
    '/tasks/types',
    {
      preHandler: edit,
      schema: {
        ...doc("Create a task type ('Type Created'): JSON {name, names?}, or multipart name, names (JSON text) and an icon `file` (JPEG, PNG, WebP or GIF by content; re-encoded as a 64 px PNG)"),
        body: { content: { 'application/json': { schema: s.typeJsonBody } } },
        response: { 201: s.taskType, ...errors(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const input = request.isMultipart() ? await readTypeForm(request) : { name: request.body?.name, names: request.body?.names };
      return reply.status(201).send(await createType(app.db, input));
    },
  );

  app.post<IdParams>(
    '/tasks/types/:id',
    {
      preHandler: edit,
      schema: {
        ...doc("Update a task type (multipart): `name`, `names` (JSON text), an icon `file`, or `remove_icon`=true ('Type Updated')"),
        params: s.params,
        response: { 200: s.taskType, ...errors(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw refuse(BadRequest, serverMessages.media.no_file, 'file');
      return updateType(app.db, request.params.id, await readTypeForm(request));
    },
  );

  app.delete<IdParams>(
    '/tasks/types/:id',
    { preHandler: edit, schema: { ...doc("Delete a task type ('Type Deleted'); refused (409) while templates use it"), params: s.params, response: { 200: s.deleted, ...errors(401, 403, 404, 409) } } },
    async (request) => deleteType(app.db, request.params.id),
  );

  app.post<IdParams & { Body: { to: number } }>(
    '/tasks/types/:id/sort',
    { preHandler: edit, schema: { ...doc('Move a task type to position `to` (1-based)'), params: s.params, body: s.sortBody, response: { 200: s.taskType, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => sortType(app.db, request.params.id, request.body.to),
  );

  app.get<IdParams & { Querystring: { v?: string } }>(
    '/tasks/types/:id/icon',
    {
      schema: {
        ...doc("A task type's icon (PNG), to a session that may read types (bearer token, or the refresh cookie an <img> sends); cached for good when `v` is the icon's current hash"),
        params: s.params,
        querystring: s.iconQuery,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const viewer = await fileViewer(app, request, reply);
      if (!viewer) throw new Unauthorized(serverMessages.unauthorised);
      if (!READERS.some((p) => viewer.permissions.has(p))) throw new Forbidden(serverMessages.access_denied);
      const icon = await readIcon(app.db, request.params.id);
      const etag = `"${icon.hash}"`;
      reply
        .header('etag', etag)
        // The address carries the hash: a current one never changes, an old or missing one is asked again.
        .header('cache-control', request.query.v === icon.hash ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(icon.mime).send(icon.data);
    },
  );
}
