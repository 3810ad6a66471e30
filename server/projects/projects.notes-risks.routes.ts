import type { FastifyInstance } from 'fastify';
import { errors, messageResponse, routeDoc } from '../http/schemas';
import * as s from './projects.extras.schemas';
import { createNote, deleteNote, listNotes, updateNote } from './projects.notes';
import { createRisk, deleteRisk, listRisks, updateRisk, type RiskInput } from './projects.risks';

type ProjectParams = { Params: { id: string } };
type NoteParams = { Params: { id: string; noteId: string } };
type RiskParams = { Params: { id: string; riskId: string } };

/**
 * A project's internal notes and risk register: staff only, 'edit projects' reads and writes
 * (server/projects/README.md); another company's project is a 404. A note is changed by its author
 * or an administrator (projects.notes.ts).
 */
export default async function notesRisksRoutes(app: FastifyInstance) {
  const edit = app.auth.requirePermission('edit projects');
  const doc = routeDoc('projects');

  app.get<ProjectParams>(
    '/projects/:id/notes',
    { preHandler: edit, schema: { ...doc("A project's internal notes, newest first (editable: the viewer may change it)"), params: s.params.project, response: { 200: s.noteList, ...errors(401, 403, 404) } } },
    async (request) => listNotes(app.db, request.viewer!, request.params.id),
  );
  app.post<ProjectParams & { Body: { body: string } }>(
    '/projects/:id/notes',
    { preHandler: edit, schema: { ...doc('Add a note {body}'), params: s.params.project, body: s.noteBody, response: { 201: s.noteAnswer, ...errors(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await createNote(app.db, request.viewer!, request.params.id, request.body)),
  );
  app.put<NoteParams & { Body: { body: string } }>(
    '/projects/:id/notes/:noteId',
    { preHandler: edit, schema: { ...doc('Change a note {body}: its author or an administrator'), params: s.params.note, body: s.noteBody, response: { 200: s.noteAnswer, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => updateNote(app.db, request.viewer!, request.params.id, request.params.noteId, request.body),
  );
  app.delete<NoteParams>(
    '/projects/:id/notes/:noteId',
    { preHandler: edit, schema: { ...doc('Delete a note: its author or an administrator'), params: s.params.note, response: { 200: messageResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteNote(app.db, request.viewer!, request.params.id, request.params.noteId),
  );

  app.get<ProjectParams>(
    '/projects/:id/risks',
    { preHandler: edit, schema: { ...doc("A project's risks: open first, then by severity"), params: s.params.project, response: { 200: s.riskList, ...errors(401, 403, 404) } } },
    async (request) => listRisks(app.db, request.viewer!, request.params.id),
  );
  app.post<ProjectParams & { Body: RiskInput }>(
    '/projects/:id/risks',
    { preHandler: edit, schema: { ...doc('Add a risk {title, description?, severity?, state?, owner_id? (staff)}'), params: s.params.project, body: s.riskBody, response: { 201: s.riskAnswer, ...errors(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await createRisk(app.db, request.viewer!, request.params.id, request.body)),
  );
  app.put<RiskParams & { Body: RiskInput }>(
    '/projects/:id/risks/:riskId',
    { preHandler: edit, schema: { ...doc('Change a risk (the fields sent)'), params: s.params.risk, body: s.riskUpdateBody, response: { 200: s.riskAnswer, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => updateRisk(app.db, request.viewer!, request.params.id, request.params.riskId, request.body),
  );
  app.delete<RiskParams>(
    '/projects/:id/risks/:riskId',
    { preHandler: edit, schema: { ...doc('Delete a risk'), params: s.params.risk, response: { 200: messageResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteRisk(app.db, request.viewer!, request.params.id, request.params.riskId),
  );
}
