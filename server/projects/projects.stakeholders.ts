/**
 * A project's stakeholders (server/projects/README.md): portal users (`user_id`; their name, email
 * and telephone are the user's own, read live) and outside contacts (a name, and an email that must
 * be valid when given; the notifications mail stakeholders who have one). A user is on a project
 * once ('User is already assigned', 409). Reads: 'view projects' or 'edit projects'; writes: 'edit
 * projects' (the routes). Every write locks the project first.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { isEmail } from '../../engine/accounts';
import type { Stakeholder } from '../../contract/variations';
import type { Db, Tx } from '../db/database';
import { isUniqueViolation } from '../db/pg-errors';
import { companyUsers, permissions, projectStakeholders, rolePermissions, userRoles, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { parseId } from '../http/ids';
import { serverMessages } from '../messages';
import { findProject, lockProject, touchProject } from './projects.access';
import { STAFF_PERMISSIONS } from './projects.service';


export interface StakeholderInput {
  user_id?: number | null;
  name?: string | null;
  email?: string | null;
  telephone?: string | null;
  position?: string | null;
  organisation?: string | null;
  role?: string | null;
}

const columns = {
  id: projectStakeholders.id,
  projectId: projectStakeholders.projectId,
  userId: projectStakeholders.userId,
  // A user's own details, as their profile has them now; an outside contact's as entered.
  name: sql<string>`coalesce(${users.name}, ${projectStakeholders.name})`,
  email: sql<string | null>`coalesce(${users.email}, ${projectStakeholders.email})`,
  telephone: sql<string | null>`coalesce(${users.telephone}, ${projectStakeholders.telephone})`,
  position: sql<string | null>`coalesce(${users.position}, ${projectStakeholders.position})`,
  organisation: projectStakeholders.organisation,
  role: projectStakeholders.role,
  createdAt: projectStakeholders.createdAt,
};

const select = (db: Db | Tx) => db.select(columns).from(projectStakeholders).leftJoin(users, eq(users.id, projectStakeholders.userId));
type Row = Awaited<ReturnType<typeof select>>[number];

const toStakeholder = (r: Row): Stakeholder => ({
  id: r.id,
  project_id: r.projectId,
  user_id: r.userId,
  name: r.name,
  email: r.email,
  telephone: r.telephone,
  position: r.position,
  organisation: r.organisation,
  role: r.role,
  created_at: new Date(r.createdAt).toISOString(),
});

const optional = (v: string | null | undefined) => (v == null ? null : cleanName(v).trim() || null);

/** The outside contact's fields as stored: a name required, an email valid when given (lower case). */
function contactOf(body: StakeholderInput) {
  const name = optional(body.name);
  const email = optional(body.email)?.toLowerCase() ?? null;
  const problems = [];
  if (!name) problems.push({ detail: serverMessages.projects.name_required, field: 'name' });
  if (email && !isEmail(email)) problems.push({ detail: serverMessages.projects.invalid_email, field: 'email' });
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  return { name: name!, email, telephone: optional(body.telephone), position: optional(body.position), organisation: optional(body.organisation), role: optional(body.role) };
}

/**
 * Who may be a project's stakeholder, as a condition on `users`: a user of the project's company, or
 * staff, a user in no company who holds a tracker permission (STAFF_PERMISSIONS, as the managers).
 * Nobody else: a user of another company (or in none, without a tracker permission) is answered as
 * one who does not exist, whoever asks, so adding a stakeholder never reveals another company's user
 * (their name, email, telephone, position) to an editor held to their own companies.
 */
function mayBeStakeholder(companyId: number) {
  const member = sql`EXISTS (SELECT 1 FROM ${companyUsers} WHERE ${companyUsers.userId} = ${users.id} AND ${companyUsers.companyId} = ${companyId})`;
  const staff = and(
    sql`NOT EXISTS (SELECT 1 FROM ${companyUsers} WHERE ${companyUsers.userId} = ${users.id})`,
    sql`EXISTS (SELECT 1 FROM ${userRoles} INNER JOIN ${rolePermissions} ON ${rolePermissions.roleId} = ${userRoles.roleId}
      INNER JOIN ${permissions} ON ${permissions.id} = ${rolePermissions.permissionId}
      WHERE ${userRoles.userId} = ${users.id} AND ${inArray(permissions.name, [...STAFF_PERMISSIONS])})`,
  );
  return or(member, staff);
}

/** A project's stakeholders, users and contacts by name. */
export async function listStakeholders(db: Db, viewer: Viewer, projectKey: string): Promise<Stakeholder[]> {
  const project = await findProject(db, viewer, projectKey);
  const rows = await select(db)
    .where(eq(projectStakeholders.projectId, project.id))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${projectStakeholders.name}))`), asc(projectStakeholders.id));
  return rows.map(toStakeholder);
}

async function loadOne(tx: Tx, id: number): Promise<Stakeholder> {
  const [row] = await select(tx).where(eq(projectStakeholders.id, id));
  return toStakeholder(row);
}

/**
 * Adds a portal user ({user_id}: active, and staff or a user of the project's company; anyone else
 * is the 422 of an unknown user) with an optional role and organisation, or an outside contact.
 */
export async function addStakeholder(db: Db, viewer: Viewer, projectKey: string, body: StakeholderInput): Promise<{ stakeholder: Stakeholder; message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    let values: typeof projectStakeholders.$inferInsert;
    if (body.user_id != null) {
      const [user] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, body.user_id), eq(users.status, 'active'), mayBeStakeholder(project.companyId)));
      if (!user) throw new Invalid(serverMessages.projects.unknown_user, [{ detail: serverMessages.projects.unknown_user, field: 'user_id' }]);
      values = { projectId: project.id, userId: user.id, name: user.name, organisation: optional(body.organisation), role: optional(body.role) };
    } else {
      values = { projectId: project.id, ...contactOf(body) };
    }
    const assigned = () => new Conflict(serverMessages.projects.user_already_assigned, [{ detail: serverMessages.projects.user_already_assigned, field: 'user_id' }]);
    if (values.userId) {
      const [there] = await tx.select({ id: projectStakeholders.id }).from(projectStakeholders).where(and(eq(projectStakeholders.projectId, project.id), eq(projectStakeholders.userId, values.userId)));
      if (there) throw assigned();
    }
    let id: number;
    try {
      [{ id }] = await tx.insert(projectStakeholders).values(values).returning({ id: projectStakeholders.id });
    } catch (err) {
      // The project is locked, so only a race the lock did not cover gets here; the same answer.
      if (isUniqueViolation(err)) throw assigned();
      throw err;
    }
    await touchProject(tx, project.id);
    return { stakeholder: await loadOne(tx, id), message: serverMessages.projects.stakeholder_added };
  });
}

async function stakeholderOf(tx: Tx, projectId: number, key: string) {
  const id = parseId(key);
  const [row] = id ? await tx.select().from(projectStakeholders).where(and(eq(projectStakeholders.id, id), eq(projectStakeholders.projectId, projectId))) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/**
 * Changes a stakeholder: an outside contact's details (name required, email valid), a user's role
 * and organisation only (their name, email and telephone are their profile's).
 */
export async function updateStakeholder(db: Db, viewer: Viewer, projectKey: string, key: string, body: StakeholderInput): Promise<{ stakeholder: Stakeholder; message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await stakeholderOf(tx, project.id, key);
    const merged = { name: current.name, email: current.email, telephone: current.telephone, position: current.position, organisation: current.organisation, role: current.role, ...body };
    const set = current.userId ? { organisation: optional(merged.organisation), role: optional(merged.role) } : contactOf(merged);
    await tx.update(projectStakeholders).set(set).where(eq(projectStakeholders.id, current.id));
    await touchProject(tx, project.id);
    return { stakeholder: await loadOne(tx, current.id), message: serverMessages.projects.stakeholder_updated };
  });
}

export async function removeStakeholder(db: Db, viewer: Viewer, projectKey: string, key: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await stakeholderOf(tx, project.id, key);
    await tx.delete(projectStakeholders).where(eq(projectStakeholders.id, current.id));
    await touchProject(tx, project.id);
    return { message: serverMessages.projects.stakeholder_removed };
  });
}
