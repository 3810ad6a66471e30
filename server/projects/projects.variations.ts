/**
 * A project's variations (server/projects/README.md, Variations and Variation approval): the list
 * of every project's (`GET /variations`, with `awaiting: 'me'`), a project's, raising, changing,
 * deleting, and the decision.
 *
 * Decided here (README "Variations: decisions"): a variation with a free-of-charge part
 * (foc_cost > 0) is `pending`; one without is `approved` as raised, with no decider. A variation a
 * person decided (approved or rejected: `decided_at` set) is the record of that decision and can be
 * neither changed nor deleted (409); one approved as raised can be changed, and its status follows
 * its foc_cost again (a free-of-charge part added makes it wait for approval). Only a pending
 * variation can be decided; two approvers at once: one decides, the other gets the 409.
 *
 * A decision names what it decides: the `revision` the approver read (every change moves it on) and
 * the `amount` (the foc_cost) they were shown; either moved since is a 409, so what is recorded as
 * approved is what the approver saw. Whoever last changed the amounts (`amounts_changed_by`: the
 * raiser until someone changes them) cannot decide them, as the raiser cannot: four eyes on every
 * figure, whatever roles staff make.
 */
import { and, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { regionCurrency } from '../../contract/money';
import { VARIATION_TYPES } from '../../contract/projects';
import { VARIATION_STATUSES } from '../../contract/tracker';
import type { Variation } from '../../contract/variations';
import type { Db, Tx } from '../db/database';
import { companies, projects, users, variations } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { Conflict, Forbidden, Invalid, NotFound } from '../domain-errors';
import { cleanName, cleanText } from '../http/clean-text';
import { parseId } from '../http/ids';
import { likePattern, pageOf, simpleRest, type Page, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { findProject, lockProject, touchProject } from './projects.access';
import { notifyVariation } from './projects.notifications';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config'>;
const rest = simpleRest(serverMessages.projects.bad_query);

const raiser = alias(users, 'raiser');
const decider = alias(users, 'decider');

/**
 * The region of the project's company (the same reading as agreements.store.ts regionSlugOf, which
 * this area may not import): its money is in that region's currency.
 */
const regionSlug = sql<string | null>`(SELECT rt.slug FROM company_terms rct INNER JOIN terms rt ON rt.id = rct.term_id INNER JOIN taxonomies rx ON rx.id = rt.taxonomy_id WHERE rct.company_id = ${projects.companyId} AND rx.slug = 'region' ORDER BY rct.id LIMIT 1)`;

const columns = {
  id: variations.id,
  projectId: projects.id,
  projectName: projects.name,
  companyId: companies.id,
  companyName: companies.name,
  regionSlug,
  type: variations.type,
  title: variations.title,
  description: variations.description,
  totalEffort: variations.totalEffort,
  costImpact: variations.costImpact,
  focCost: variations.focCost,
  status: variations.status,
  raisedById: variations.raisedBy,
  raisedByName: raiser.name,
  decidedById: variations.decidedBy,
  decidedByName: decider.name,
  decidedAt: variations.decidedAt,
  decisionNote: variations.decisionNote,
  revision: variations.revision,
  createdAt: variations.createdAt,
  updatedAt: variations.updatedAt,
};


type Row = Awaited<ReturnType<typeof selectVariations>>[number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toVariation = (r: Row): Variation => ({
  id: r.id,
  project: { id: r.projectId, name: r.projectName, company_id: r.companyId, company_name: r.companyName },
  type: r.type,
  title: r.title,
  description: r.description,
  total_effort: Number(r.totalEffort),
  cost_impact: Number(r.costImpact),
  foc_cost: Number(r.focCost),
  currency: regionCurrency(r.regionSlug),
  status: r.status,
  raised_by: r.raisedById && r.raisedByName !== null ? { id: r.raisedById, name: r.raisedByName } : null,
  decided_by: r.decidedById && r.decidedByName !== null ? { id: r.decidedById, name: r.decidedByName } : null,
  decided_at: iso(r.decidedAt),
  decision_note: r.decisionNote,
  revision: r.revision,
  created_at: iso(r.createdAt)!,
  updated_at: iso(r.updatedAt)!,
});

/** The variations joined with their project, company and people, held to the viewer's companies. */
const selectVariations = (db: Db | Tx) =>
  db
    .select(columns)
    .from(variations)
    .innerJoin(projects, eq(projects.id, variations.projectId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(raiser, eq(raiser.id, variations.raisedBy))
    .leftJoin(decider, eq(decider.id, variations.decidedBy));

async function loadVariation(db: Db | Tx, id: number): Promise<Variation> {
  const [row] = await selectVariations(db).where(eq(variations.id, id));
  if (!row) throw new NotFound(serverMessages.not_found);
  return toVariation(row);
}

/** The variation was neither raised by the user nor are its amounts theirs: they may decide it. */
const notTheirs = (userId: number) =>
  and(or(isNull(variations.raisedBy), ne(variations.raisedBy, userId)), or(isNull(variations.amountsChangedBy), ne(variations.amountsChangedBy, userId)));

/** Whether the user is flagged foc_approver now (read from the database, not the session). */
async function isFocApprover(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ flag: users.focApprover }).from(users).where(eq(users.id, userId));
  return Boolean(row?.flag);
}

const SORTABLE: Record<string, AnyPgColumn> = {
  id: variations.id,
  title: variations.title,
  type: variations.type,
  status: variations.status,
  total_effort: variations.totalEffort,
  cost_impact: variations.costImpact,
  foc_cost: variations.focCost,
  project_name: projects.name,
  company_name: companies.name,
  created_at: variations.createdAt,
  updated_at: variations.updatedAt,
  decided_at: variations.decidedAt,
};
const FILTER_KEYS = ['q', 'id', 'status', 'type', 'project_id', 'company_id', 'awaiting'];

export interface VariationListQuery extends SimpleRestQuery {
  q?: string;
  status?: string;
  type?: string;
  project_id?: number;
  awaiting?: string;
}

/**
 * One page of the variations the viewer may see (of one project with `projectId`), newest first.
 * `awaiting: 'me'`: the pending ones the viewer may decide (a foc_approver holding 'approve
 * project tasks', not their raiser); nothing for anyone else.
 */
export async function listVariations(db: Db, viewer: Viewer, query: VariationListQuery, projectId?: number): Promise<Page<Variation>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const status = rest.oneOf(query.status !== undefined ? { status: query.status } : f, 'status', VARIATION_STATUSES);
  const type = rest.oneOf(query.type !== undefined ? { type: query.type } : f, 'type', VARIATION_TYPES);
  const ids = rest.ids(f.id, 'id');
  const projectIds = rest.ids(query.project_id ?? f.project_id, 'project_id');
  const companyIds = rest.ids(f.company_id, 'company_id');
  const awaiting = rest.oneOf(query.awaiting !== undefined ? { awaiting: query.awaiting } : f, 'awaiting', ['me'] as const);
  let awaitingMe: SQL | undefined;
  if (awaiting) {
    const mayDecide = viewer.permissions.has('approve project tasks') && (await isFocApprover(db, viewer.id));
    awaitingMe = mayDecide ? and(eq(variations.status, 'pending'), notTheirs(viewer.id)) : sql`false`;
  }
  const order = rest.sort(query.sort, SORTABLE, ['created_at', 'DESC'], variations.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    companyScope(viewer, projects.companyId),
    projectId !== undefined ? eq(variations.projectId, projectId) : undefined,
    status ? eq(variations.status, status) : undefined,
    type ? eq(variations.type, type) : undefined,
    ids ? inArray(variations.id, ids) : undefined,
    projectIds ? inArray(variations.projectId, projectIds) : undefined,
    companyIds ? inArray(projects.companyId, companyIds) : undefined,
    awaitingMe,
    pattern ? or(ilike(variations.title, pattern), ilike(projects.name, pattern), ilike(companies.name, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectVariations(db)
      .where(where)
      .orderBy(...order)
      .limit(range.end - range.start + 1)
      .offset(range.start),
    db
      .select({ total: count() })
      .from(variations)
      .innerJoin(projects, eq(projects.id, variations.projectId))
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(where),
  ]);
  return pageOf(rows.map(toVariation), total, range);
}

export interface VariationInput {
  type: (typeof VARIATION_TYPES)[number];
  title: string;
  description?: string | null;
  total_effort: number;
  cost_impact: number;
  foc_cost: number;
}

/** The input as stored: the title required after cleaning, amounts to the cent, effort to the hundredth of an hour. */
function cleanInput(body: VariationInput) {
  const title = cleanName(body.title ?? '').trim();
  if (!title) throw new Invalid(serverMessages.projects.title_required, [{ detail: serverMessages.projects.title_required, field: 'title' }]);
  const description = cleanText(body.description ?? '').trim() || null;
  const cents = (n: number) => Math.round(n * 100) / 100;
  return { type: body.type, title, description, totalEffort: cents(body.total_effort), costImpact: cents(body.cost_impact), focCost: cents(body.foc_cost) };
}

/** Money and effort as cents (numeric columns may come back as strings): equal amounts compare equal. */
const inCents = (n: number | string) => Math.round(Number(n) * 100);

/** Whether the input changes any of the stored amounts (effort, cost impact, free-of-charge cost). */
const amountsDiffer = (current: typeof variations.$inferSelect, input: ReturnType<typeof cleanInput>) =>
  inCents(current.totalEffort) !== inCents(input.totalEffort) || inCents(current.costImpact) !== inCents(input.costImpact) || inCents(current.focCost) !== inCents(input.focCost);

/** Raises a variation on the project: pending when it gives something away (approvers mailed), else approved. */
export async function createVariation(deps: Deps, viewer: Viewer, projectKey: string, body: VariationInput): Promise<{ variation: Variation; message: string }> {
  const input = cleanInput(body);
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const status = input.focCost > 0 ? 'pending' : 'approved';
    const [row] = await tx
      .insert(variations)
      .values({ ...input, projectId: project.id, status, raisedBy: viewer.id, amountsChangedBy: viewer.id })
      .returning({ id: variations.id });
    await touchProject(tx, project.id);
    if (status === 'pending') await notifyVariation(deps, tx, 'variation_pending', row.id);
    return { variation: await loadVariation(tx, row.id), message: serverMessages.projects.variation_created };
  });
}

/** The variation of the (locked) project, or NotFound. */
async function variationOf(tx: Tx, projectId: number, variationKey: string) {
  const id = parseId(variationKey);
  const [row] = id ? await tx.select().from(variations).where(and(eq(variations.id, id), eq(variations.projectId, projectId))).for('update') : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/**
 * Changes a variation nobody has decided yet; its status follows its foc_cost. The revision moves on;
 * a change of the amounts makes the viewer their author (who then cannot approve them).
 */
export async function updateVariation(deps: Deps, viewer: Viewer, projectKey: string, variationKey: string, body: VariationInput): Promise<{ variation: Variation; message: string }> {
  const input = cleanInput(body);
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await variationOf(tx, project.id, variationKey);
    if (current.decidedAt) throw new Conflict(serverMessages.projects.variation_already_decided);
    const status = input.focCost > 0 ? 'pending' : 'approved';
    await tx
      .update(variations)
      .set({
        ...input,
        status,
        ...(amountsDiffer(current, input) ? { amountsChangedBy: viewer.id } : {}),
        revision: sql`${variations.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(variations.id, current.id));
    await touchProject(tx, project.id);
    // Newly waiting: the approvers hear of it (once per variation, as on create).
    if (status === 'pending' && current.status !== 'pending') await notifyVariation(deps, tx, 'variation_pending', current.id);
    return { variation: await loadVariation(tx, current.id), message: serverMessages.projects.variation_updated };
  });
}

/** Deletes a variation nobody has decided (a decision is kept as the record of what was agreed). */
export async function deleteVariation(deps: Deps, viewer: Viewer, projectKey: string, variationKey: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer, projectKey);
    const current = await variationOf(tx, project.id, variationKey);
    if (current.decidedAt) throw new Conflict(serverMessages.projects.variation_already_decided);
    await tx.delete(variations).where(eq(variations.id, current.id));
    await touchProject(tx, project.id);
    return { message: serverMessages.projects.variation_deleted };
  });
}

export interface DecisionInput {
  decision: 'approved' | 'rejected';
  note?: string | null;
  /** The variation's revision the approver read. */
  revision: number;
  /** The free-of-charge amount (foc_cost) the approver was shown. */
  amount: number;
}

/**
 * Approves or rejects a pending variation: the viewer holds 'approve project tasks' (the route),
 * is flagged foc_approver, did not raise it and did not last change its amounts (403), and names
 * the revision and amount it decides (409 when either moved since). Read and decided under the
 * variation's row lock, and the update is conditional on `pending` and on that revision, so of two
 * approvers at once one decides and the other gets the 409, and a change in between is never
 * approved unseen. The raiser is told (variation_decided).
 */
export async function decideVariation(deps: Deps, viewer: Viewer, variationKey: string, body: DecisionInput): Promise<{ variation: Variation; message: string }> {
  const id = parseId(variationKey);
  const note = cleanText(body.note ?? '').trim() || null;
  return deps.db.transaction(async (tx) => {
    const [seen] = id
      ? await tx
          .select({ id: variations.id, projectId: variations.projectId })
          .from(variations)
          .innerJoin(projects, eq(projects.id, variations.projectId))
          .where(and(eq(variations.id, id), companyScope(viewer, projects.companyId)))
      : [];
    if (!seen) throw new NotFound(serverMessages.not_found);
    if (!(await isFocApprover(tx, viewer.id))) throw new Forbidden(serverMessages.projects.not_foc_approver);
    // Every variation write locks the project first (lockProject): the same order here, then the
    // row as it is now (a change that committed meanwhile is what is checked).
    await lockProject(tx, viewer, seen.projectId);
    const found = await variationOf(tx, seen.projectId, String(seen.id));
    if (found.raisedBy === viewer.id) throw new Forbidden(serverMessages.projects.cannot_approve_own);
    if (found.amountsChangedBy === viewer.id) throw new Forbidden(serverMessages.projects.cannot_approve_own_figures);
    if (found.status !== 'pending' || found.decidedAt) throw new Conflict(serverMessages.projects.variation_already_decided);
    const changed = (field: 'revision' | 'amount') => new Conflict(serverMessages.projects.variation_changed, [{ detail: serverMessages.projects.variation_changed, field }]);
    if (found.revision !== body.revision) throw changed('revision');
    if (inCents(found.focCost) !== inCents(body.amount)) throw changed('amount');
    const decided = await tx
      .update(variations)
      .set({ status: body.decision, decidedBy: viewer.id, decidedAt: new Date(), decisionNote: note, updatedAt: new Date() })
      .where(and(eq(variations.id, found.id), eq(variations.status, 'pending'), eq(variations.revision, body.revision)))
      .returning({ id: variations.id });
    if (!decided.length) throw new Conflict(serverMessages.projects.variation_already_decided);
    await touchProject(tx, found.projectId);
    await notifyVariation(deps, tx, 'variation_decided', found.id);
    return { variation: await loadVariation(tx, found.id), message: serverMessages.projects.variation_decided };
  });
}

/** A project's variations: the project must be the viewer's to see (404 otherwise). */
export async function projectVariations(db: Db, viewer: Viewer, projectKey: string, query: VariationListQuery): Promise<Page<Variation>> {
  const project = await findProject(db, viewer, projectKey);
  return listVariations(db, viewer, query, project.id);
}
