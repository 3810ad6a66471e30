/**
 * A project's internal notes (staff only: 'edit projects' reads and writes, the routes; never in
 * the dealer's summary). Newest first. A note is changed or deleted by its author or by an
 * administrator, who here is a user holding both 'edit projects' and 'create users' (the
 * Administrator role; a project manager does not hold 'create users'); anyone else gets 403.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ProjectNote } from '../../contract/variations';
import type { Db, Tx } from '../db/database';
import { projectNotes, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Forbidden, Invalid, NotFound } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { parseId } from '../http/ids';
import { serverMessages } from '../messages';
import { findProject, lockProject, touchProject } from './projects.access';


/** Whether the viewer may change any note (README: the author or an administrator). */
export const isNotesAdmin = (viewer: Viewer) => viewer.permissions.has('edit projects') && viewer.permissions.has('create users');

const select = (db: Db | Tx) =>
  db
    .select({ id: projectNotes.id, projectId: projectNotes.projectId, body: projectNotes.body, userId: projectNotes.userId, authorName: users.name, createdAt: projectNotes.createdAt, updatedAt: projectNotes.updatedAt })
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.userId));
type Row = Awaited<ReturnType<typeof select>>[number];

const toNote = (viewer: Viewer, r: Row): ProjectNote => ({
  id: r.id,
  project_id: r.projectId,
  body: r.body,
  author: r.userId && r.authorName !== null ? { id: r.userId, name: r.authorName } : null,
  editable: r.userId === viewer.id || isNotesAdmin(viewer),
  created_at: new Date(r.createdAt).toISOString(),
  updated_at: new Date(r.updatedAt).toISOString(),
});

function bodyOf(text: string): string {
  const body = cleanText(text ?? '').trim();
  if (!body) throw new Invalid(serverMessages.projects.body_required, [{ detail: serverMessages.projects.body_required, field: 'body' }]);
  return body;
}

export async function listNotes(db: Db, viewer: Viewer, projectKey: string): Promise<ProjectNote[]> {
  const project = await findProject(db, viewer, projectKey);
  const rows = await select(db).where(eq(projectNotes.projectId, project.id)).orderBy(desc(projectNotes.createdAt), desc(projectNotes.id));
  return rows.map((r) => toNote(viewer, r));
}

async function loadOne(tx: Tx, viewer: Viewer, id: number) {
  const [row] = await select(tx).where(eq(projectNotes.id, id));
  return toNote(viewer, row);
}

export async function createNote(db: Db, viewer: Viewer, projectKey: string, input: { body: string }): Promise<{ note: ProjectNote; message: string }> {
  const body = bodyOf(input.body);
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const [{ id }] = await tx.insert(projectNotes).values({ projectId: project.id, userId: viewer.id, body }).returning({ id: projectNotes.id });
    await touchProject(tx, project.id);
    return { note: await loadOne(tx, viewer, id), message: serverMessages.projects.note_created };
  });
}

/** The note of the (locked) project, when the viewer may change it. */
async function ownNote(tx: Tx, viewer: Viewer, projectId: number, key: string) {
  const id = parseId(key);
  const [row] = id ? await tx.select().from(projectNotes).where(and(eq(projectNotes.id, id), eq(projectNotes.projectId, projectId))) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  if (row.userId !== viewer.id && !isNotesAdmin(viewer)) throw new Forbidden(serverMessages.projects.note_not_yours);
  return row;
}

export async function updateNote(db: Db, viewer: Viewer, projectKey: string, key: string, input: { body: string }): Promise<{ note: ProjectNote; message: string }> {
  const body = bodyOf(input.body);
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const note = await ownNote(tx, viewer, project.id, key);
    await tx.update(projectNotes).set({ body, updatedAt: new Date() }).where(eq(projectNotes.id, note.id));
    await touchProject(tx, project.id);
    return { note: await loadOne(tx, viewer, note.id), message: serverMessages.projects.note_updated };
  });
}

export async function deleteNote(db: Db, viewer: Viewer, projectKey: string, key: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const note = await ownNote(tx, viewer, project.id, key);
    await tx.delete(projectNotes).where(eq(projectNotes.id, note.id));
    await touchProject(tx, project.id);
    return { message: serverMessages.projects.note_deleted };
  });
}
