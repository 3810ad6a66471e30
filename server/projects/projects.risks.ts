/**
 * A project's risk register (staff only: 'edit projects' reads and writes, the routes). A risk has
 * a title, a description, a severity (low, medium, high; medium by default), a state (open,
 * closed; open by default: the project's count is of open risks) and an owner, who must be staff
 * (an active user holding a tracker permission, as a project's managers; 422 otherwise). Listed
 * open first, then by severity, newest first.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RiskSeverity, RiskState } from '../../contract/tracker';
import type { ProjectRisk } from '../../contract/variations';
import type { Db, Tx } from '../db/database';
import { permissions, projectRisks, rolePermissions, userRoles, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Invalid, NotFound } from '../domain-errors';
import { cleanName, cleanText } from '../http/clean-text';
import { parseId } from '../http/ids';
import { serverMessages } from '../messages';
import { findProject, lockProject, touchProject } from './projects.access';
import { STAFF_PERMISSIONS } from './projects.service';


export interface RiskInput {
  title?: string;
  description?: string | null;
  severity?: RiskSeverity;
  state?: RiskState;
  owner_id?: number | null;
}

const select = (db: Db | Tx) =>
  db
    .select({
      id: projectRisks.id,
      projectId: projectRisks.projectId,
      title: projectRisks.title,
      description: projectRisks.description,
      severity: projectRisks.severity,
      state: projectRisks.state,
      ownerId: projectRisks.ownerId,
      ownerName: users.name,
      createdAt: projectRisks.createdAt,
      updatedAt: projectRisks.updatedAt,
    })
    .from(projectRisks)
    .leftJoin(users, eq(users.id, projectRisks.ownerId));
type Row = Awaited<ReturnType<typeof select>>[number];

const toRisk = (r: Row): ProjectRisk => ({
  id: r.id,
  project_id: r.projectId,
  title: r.title,
  description: r.description,
  severity: r.severity,
  state: r.state,
  owner: r.ownerId && r.ownerName !== null ? { id: r.ownerId, name: r.ownerName } : null,
  created_at: new Date(r.createdAt).toISOString(),
  updated_at: new Date(r.updatedAt).toISOString(),
});

/** The stored fields of a write (over `current` for a change), checked: a title, a staff owner. */
async function valuesOf(tx: Tx, input: RiskInput, current?: typeof projectRisks.$inferSelect) {
  const title = cleanName(input.title ?? current?.title ?? '').trim();
  const problems = [];
  if (!title) problems.push({ detail: serverMessages.projects.title_required, field: 'title' });
  const ownerId = input.owner_id !== undefined ? input.owner_id : (current?.ownerId ?? null);
  if (ownerId != null && ownerId !== current?.ownerId) {
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(users.id, ownerId), eq(users.status, 'active'), inArray(permissions.name, [...STAFF_PERMISSIONS])))
      .limit(1);
    if (!staff) problems.push({ detail: serverMessages.projects.not_staff, field: 'owner_id' });
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  const description = input.description !== undefined ? cleanText(input.description ?? '').trim() || null : (current?.description ?? null);
  return { title, description, severity: input.severity ?? current?.severity ?? 'medium', state: input.state ?? current?.state ?? 'open', ownerId };
}

export async function listRisks(db: Db, viewer: Viewer, projectKey: string): Promise<ProjectRisk[]> {
  const project = await findProject(db, viewer, projectKey);
  const rows = await select(db)
    .where(eq(projectRisks.projectId, project.id))
    .orderBy(asc(projectRisks.state), sql`CASE ${projectRisks.severity} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`, desc(projectRisks.createdAt), desc(projectRisks.id));
  return rows.map(toRisk);
}

async function loadOne(tx: Tx, id: number) {
  const [row] = await select(tx).where(eq(projectRisks.id, id));
  return toRisk(row);
}

export async function createRisk(db: Db, viewer: Viewer, projectKey: string, input: RiskInput): Promise<{ risk: ProjectRisk; message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const values = await valuesOf(tx, input);
    const [{ id }] = await tx.insert(projectRisks).values({ ...values, projectId: project.id }).returning({ id: projectRisks.id });
    await touchProject(tx, project.id);
    return { risk: await loadOne(tx, id), message: serverMessages.projects.risk_created };
  });
}

async function riskOf(tx: Tx, projectId: number, key: string) {
  const id = parseId(key);
  const [row] = id ? await tx.select().from(projectRisks).where(and(eq(projectRisks.id, id), eq(projectRisks.projectId, projectId))) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

export async function updateRisk(db: Db, viewer: Viewer, projectKey: string, key: string, input: RiskInput): Promise<{ risk: ProjectRisk; message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await riskOf(tx, project.id, key);
    const values = await valuesOf(tx, input, current);
    await tx.update(projectRisks).set({ ...values, updatedAt: new Date() }).where(eq(projectRisks.id, current.id));
    await touchProject(tx, project.id);
    return { risk: await loadOne(tx, current.id), message: serverMessages.projects.risk_updated };
  });
}

export async function deleteRisk(db: Db, viewer: Viewer, projectKey: string, key: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await riskOf(tx, project.id, key);
    await tx.delete(projectRisks).where(eq(projectRisks.id, current.id));
    await touchProject(tx, project.id);
    return { message: serverMessages.projects.risk_deleted };
  });
}
