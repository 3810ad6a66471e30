/**
 * PUT /projects/{id} (server/projects/README.md): the row locked, checked (managers are staff, the
 * config and agreement the company's, real dates), written, and the figures recomputed in the same
 * transaction (a new launch date, or a manager's status or RAG, changes them). Linking a config
 * that is already complete or an agreement already signed completes their triggered tasks, as
 * create does.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ProjectStatus, ProjectType, RagStatus } from '../../contract/projects';
import type { Db } from '../db/database';
import { agreements, configs, projects } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Stale, type ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import { lockProject } from './projects.access';
import { recomputeProject } from './projects.recompute';
import { checkDates, checkLinks, checkManagers, cleanMeta, getProject, invalid } from './projects.service';
import { completeHappened } from './projects.triggers';


export interface UpdateProjectBody {
  name?: string | null;
  project_type?: ProjectType;
  status?: ProjectStatus;
  rag_manual?: RagStatus | null;
  project_manager_id?: number | null;
  account_manager_id?: number | null;
  start_date?: string | null;
  launch_date?: string | null;
  config_id?: number | null;
  agreement_id?: number | null;
  meta?: Record<string, string> | null;
  version?: number;
}

/**
 * PUT /projects/{id}. A status of `active`, `live` or `pre-project` hands the status back to the
 * derivation (that is how a manager takes a project off hold); `archived`, `cancelled` and `on
 * hold` hold until changed. A stale `version` is a 409 carrying the current one.
 */
export async function updateProject(db: Db, viewer: Viewer, key: string, body: UpdateProjectBody) {
  await db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    if (body.version !== undefined && body.version !== p.version) throw new Stale(p.version, serverMessages.projects.stale);
    const problems: ErrorDetail[] = [];
    const name = body.name === undefined ? undefined : cleanName(body.name ?? '').trim();
    if (name !== undefined && !name) problems.push({ detail: serverMessages.projects.name_required, field: 'name' });
    if (body.start_date === null) problems.push({ detail: serverMessages.projects.invalid_date, field: 'start_date' });
    checkDates(problems, body, { start: p.startDate, launch: p.launchDate });
    await checkManagers(tx, problems, { project_manager_id: body.project_manager_id, account_manager_id: body.account_manager_id });
    await checkLinks(tx, problems, p.companyId, body);
    if (problems.length) throw invalid(problems);
    const set: Partial<typeof projects.$inferInsert> = { updatedAt: new Date(), version: sql`${projects.version} + 1` as unknown as number };
    if (name !== undefined) set.name = name;
    if (body.project_type !== undefined) set.projectType = body.project_type;
    if (body.status !== undefined) set.status = body.status;
    if (body.rag_manual !== undefined) set.ragManual = body.rag_manual;
    if (body.project_manager_id !== undefined) set.projectManagerId = body.project_manager_id;
    if (body.account_manager_id !== undefined) set.accountManagerId = body.account_manager_id;
    if (body.start_date) set.startDate = body.start_date;
    if (body.launch_date !== undefined) set.launchDate = body.launch_date;
    if (body.config_id !== undefined) set.configId = body.config_id;
    if (body.agreement_id !== undefined) set.agreementId = body.agreement_id;
    if (body.meta !== undefined) set.meta = cleanMeta(body.meta);
    await tx.update(projects).set(set).where(eq(projects.id, p.id));
    // A rag_manual cleared: the computed colour comes back (recompute writes only what changed).
    if (body.rag_manual === null && p.ragManual) await tx.update(projects).set({ rag: 'green' }).where(eq(projects.id, p.id));
    // A newly linked config already complete, or agreement already signed: their tasks complete now.
    const [complete] = body.config_id && body.config_id !== p.configId ? await tx.select({ id: configs.id }).from(configs).where(and(eq(configs.id, body.config_id), sql`${configs.progress} >= 100`)) : [];
    const [signed] =
      body.agreement_id && body.agreement_id !== p.agreementId ? await tx.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.id, body.agreement_id), eq(agreements.stage, 'signed'))) : [];
    await completeHappened(tx, p.id, { configComplete: Boolean(complete), agreementSigned: Boolean(signed) }, viewer.id);
    await recomputeProject(tx, p.id);
  });
  return { ...(await getProject(db, viewer, key)), message: serverMessages.projects.updated };
}

