/**
 * How every part of the projects area finds a project: by id or guid, held to the viewer's
 * companies in the query (db/tenancy.ts), so another company's project answers the same 404 as one
 * that does not exist. A write takes the project's row lock first (`lockProject`): every task move,
 * its recompute and every other change to a project's tasks run one after another per project, so
 * two managers moving tasks at once never lose an update.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { projects } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { NotFound } from '../domain-errors';
import { whereKey } from '../http/ids';
import { serverMessages } from '../messages';

export type ProjectRow = typeof projects.$inferSelect;

/** The project `key` (id or guid) if the viewer's companies hold it, else NotFound. */
export async function findProject(db: Db | Tx, viewer: Viewer, key: string | number): Promise<ProjectRow> {
  const found = whereKey(key, projects.id, projects.guid);
  if (!found) throw new NotFound(serverMessages.not_found);
  const [row] = await db
    .select()
    .from(projects)
    .where(and(found, companyScope(viewer, projects.companyId)))
    .limit(1);
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/**
 * Inside a transaction: the project (as `findProject` finds it) with its row locked until the
 * transaction ends. Every write to a project's tasks, types, variations or stakeholders starts here.
 */
export async function lockProject(tx: Tx, viewer: Viewer, key: string | number): Promise<ProjectRow> {
  const { id } = await findProject(tx, viewer, key);
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** Bumps the project's version and change time (after any change to it or its parts). */
export async function touchProject(tx: Tx, projectId: number): Promise<void> {
  await tx
    .update(projects)
    .set({ version: sql`${projects.version} + 1`, updatedAt: new Date() })
    .where(eq(projects.id, projectId));
}
