/**
 * GET /companies/{id}/projects: the dealer's view of their company's launches, for any signed-in
 * member of the company (staff who see every company too; tenancy in the query, so another
 * company's answers 404). Status, percentage, dates, the next open milestones by due date and the
 * contacts (project and account manager); never notes, risks, meta, variations or costs. Archived
 * projects are left out: they are over for the dealer.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { DealerProject } from '../../contract/tracker';
import type { Db } from '../db/database';
import { companies, projects } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { NotFound } from '../domain-errors';
import { whereKey } from '../http/ids';
import { serverMessages } from '../messages';
import { nextOpenTasks, projectContacts } from './projects.service';

/** The company's projects as the dealer sees them, launch date first. */
export async function dealerProjects(db: Db, viewer: Viewer, companyKey: string): Promise<DealerProject[]> {
  const key = whereKey(companyKey, companies.id, companies.guid);
  const [company] = key ? await db.select({ id: companies.id }).from(companies).where(and(key, companyScope(viewer, companies.id))) : [];
  if (!company) throw new NotFound(serverMessages.not_found);
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, company.id), ne(projects.status, 'archived')))
    .orderBy(asc(projects.launchDate), asc(projects.id));
  return Promise.all(
    rows.map(async (p) => ({
      id: p.id,
      guid: p.guid,
      name: p.name,
      project_type: p.projectType,
      status: p.status,
      complete_percentage: p.completePercentage,
      start_date: p.startDate,
      launch_date: p.launchDate,
      next_milestones: await nextOpenTasks(db, p.id, 3, true),
      contacts: await projectContacts(db, p),
    })),
  );
}
