/**
 * Internal page layouts (spec section 7 "Adminconfigs": GET, POST, PUT /{id}, PUT /{id}/sort, POST
 * /{id}/archive): reads and writes of the `admin_configs` rows of type 'internal-page-layout'.
 * Positions are 1..N among the active layouts, kept contiguous: a new layout goes last, archiving
 * closes its gap, a sort moves one and shifts the ones between. Every change of positions first
 * locks the table against other writers (SHARE ROW EXCLUSIVE: reads go on), as tasks.order.ts does.
 */
import { and, count, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { InternalPageLayout } from '../../contract/adminconfigs';
import type { Db, Tx } from '../db/database';
import { isUniqueViolation } from '../db/pg-errors';
import { adminConfigs } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { whereKey } from '../http/ids';
import { namesOf, storedNames } from '../http/local-names';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { interpolate, serverMessages } from '../messages';
import { checkedName, checkedPages, type PageInput } from './adminconfigs.pages';

const TYPE = 'internal-page-layout';
const ofType = eq(adminConfigs.type, TYPE);
const active = and(ofType, isNull(adminConfigs.archivedAt));

export interface LayoutBody {
  name?: string;
  /** The layout's name in other locales (contract/names.ts): replaces the stored ones. */
  names?: unknown;
  pages?: PageInput[];
}
export interface LayoutListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
}
type Row = typeof adminConfigs.$inferSelect;

export const notFound = () => new NotFound(serverMessages.not_found);
const taken = () => new Conflict(serverMessages.adminconfigs.name_taken, [{ detail: serverMessages.adminconfigs.name_taken, field: 'name' }]);
const archivedRefusal = () => new Conflict(serverMessages.adminconfigs.archived_layout);

export function layoutAnswer(r: Row): InternalPageLayout {
  return {
    id: r.id,
    guid: r.guid,
    type: TYPE,
    name: r.name,
    names: storedNames(r.names),
    position: r.position,
    archived: r.archivedAt !== null,
    archived_at: r.archivedAt?.toISOString() ?? null,
    pages: r.data.pages.map((p) => ({ ...p, names: storedNames(p.names) })),
    page_count: r.data.pages.length,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The layout by id or guid (archived ones too), else 404. */
export async function findLayout(db: Db | Tx, key: string | number): Promise<Row> {
  const byKey = whereKey(key, adminConfigs.id, adminConfigs.guid);
  const [row] = byKey ? await db.select().from(adminConfigs).where(and(byKey, ofType)) : [];
  if (!row) throw notFound();
  return row;
}

const rest = simpleRest(serverMessages.adminconfigs.bad_query);
const SORTABLE = { position: adminConfigs.position, name: adminConfigs.name, updated_at: adminConfigs.updatedAt, id: adminConfigs.id } as const;
const FILTER_KEYS = ['q', 'id', 'archived'];

/**
 * GET /adminconfigs: ra-data-simple-rest (sort position | name | updated_at | id, range, filter {q,
 * id, archived}). Active layouts by position unless `archived` is true (only the archived) or
 * 'all'; `id` finds any (react-admin's getMany reads a layout a config names even once archived).
 */
export async function listLayouts(db: Db, query: LayoutListQuery): Promise<Page<InternalPageLayout>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const ids = rest.ids(f.id, 'id');
  const archived = f.archived === undefined || f.archived === null ? (ids ? 'all' : false) : f.archived;
  if (archived !== true && archived !== false && archived !== 'all') throw rest.bad('filter.archived');
  const order = rest.sort(query.sort, SORTABLE, ['position', 'ASC'], adminConfigs.id);
  const range = rest.range(query.range);
  const where = and(
    ofType,
    archived === 'all' ? undefined : archived ? isNotNull(adminConfigs.archivedAt) : isNull(adminConfigs.archivedAt),
    q ? ilike(adminConfigs.name, likePattern(cleanText(q))) : undefined,
    ids ? inArray(adminConfigs.id, ids) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(adminConfigs).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(adminConfigs).where(where),
  ]);
  return pageOf(rows.map(layoutAnswer), total, range);
}

export const getLayout = async (db: Db, key: string) => layoutAnswer(await findLayout(db, key));

const lockOrder = (tx: Tx) => tx.execute(sql`LOCK TABLE ${adminConfigs} IN SHARE ROW EXCLUSIVE MODE`);

/** Active positions 1..N in their current order; only rows whose position changes are written. */
async function renumber(tx: Tx) {
  await tx.execute(
    sql`UPDATE admin_configs SET position = r.n FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM admin_configs WHERE type = ${TYPE} AND archived_at IS NULL) r WHERE admin_configs.id = r.id AND admin_configs.position IS DISTINCT FROM r.n`,
  );
}

async function clash(tx: Tx, name: string, self?: number) {
  const [row] = await tx
    .select({ id: adminConfigs.id })
    .from(adminConfigs)
    .where(and(active, sql`lower(${adminConfigs.name}) = lower(${name})`, self === undefined ? undefined : ne(adminConfigs.id, self)));
  if (row) throw taken();
}

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // Another admin saved the same name between our check and our write: the index refused it.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** POST /adminconfigs: a new layout at the end of the list; 'Admin Config Created'. */
export async function createLayout(db: Db, userId: number | null, body: LayoutBody): Promise<InternalPageLayout> {
  const name = checkedName(body.name);
  const names = namesOf(body.names) ?? {};
  const pages = checkedPages(body.pages ?? []);
  const row = await unique(() =>
    db.transaction(async (tx) => {
      await lockOrder(tx);
      await clash(tx, name);
      const [{ next }] = await tx.select({ next: sql<number>`COALESCE(MAX(${adminConfigs.position}), 0) + 1`.mapWith(Number) }).from(adminConfigs).where(active);
      const [created] = await tx.insert(adminConfigs).values({ type: TYPE, name, names, position: next, data: { pages }, createdBy: userId, updatedBy: userId }).returning();
      return created;
    }),
  );
  return { ...layoutAnswer(row), message: serverMessages.adminconfigs.created };
}

/** PUT /adminconfigs/{id}: the fields sent (pages replace the list); 'Admin Config Updated'. An archived layout is kept as configs saw it (409). */
export async function updateLayout(db: Db, userId: number, key: string, body: LayoutBody): Promise<InternalPageLayout> {
  const name = body.name === undefined ? undefined : checkedName(body.name);
  const names = namesOf(body.names);
  const pages = body.pages === undefined ? undefined : checkedPages(body.pages);
  const row = await unique(() =>
    db.transaction(async (tx) => {
      const found = await findLayout(tx, key);
      if (found.archivedAt) throw archivedRefusal();
      if (name !== undefined) await clash(tx, name, found.id);
      const [updated] = await tx
        .update(adminConfigs)
        .set({ ...(name !== undefined ? { name } : {}), ...(names !== undefined ? { names } : {}), ...(pages !== undefined ? { data: { pages } } : {}), updatedBy: userId, updatedAt: new Date() })
        .where(eq(adminConfigs.id, found.id))
        .returning();
      return updated;
    }),
  );
  return { ...layoutAnswer(row), message: serverMessages.adminconfigs.updated };
}

/**
 * PUT /adminconfigs/{id}/sort {to}: the layout to position `to` (1-based) among the active ones,
 * the ones between shifting one place (spec section 5: 'Value must be more than 0' below 1, 'Value
 * cannot be more than N' past the end, 422 on `to`); 'Admin Config Updated'.
 */
export async function sortLayout(db: Db, userId: number, key: string, to: number): Promise<InternalPageLayout> {
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx);
    const found = await findLayout(tx, key);
    if (found.archivedAt) throw archivedRefusal();
    if (to < 1) throw new Invalid(serverMessages.adminconfigs.sort_min, [{ detail: serverMessages.adminconfigs.sort_min, field: 'to' }]);
    const [{ n }] = await tx.select({ n: count() }).from(adminConfigs).where(active);
    if (to > n) {
      const detail = interpolate(serverMessages.adminconfigs.sort_max, { max: n });
      throw new Invalid(detail, [{ detail, field: 'to' }]);
    }
    await renumber(tx);
    const [{ position: from }] = await tx.select({ position: adminConfigs.position }).from(adminConfigs).where(eq(adminConfigs.id, found.id));
    if (from === null || from === to) return found.id;
    const shift: SQL =
      to < from
        ? sql`UPDATE admin_configs SET position = position + 1 WHERE type = ${TYPE} AND archived_at IS NULL AND position >= ${to} AND position < ${from}`
        : sql`UPDATE admin_configs SET position = position - 1 WHERE type = ${TYPE} AND archived_at IS NULL AND position > ${from} AND position <= ${to}`;
    await tx.execute(shift);
    await tx.update(adminConfigs).set({ position: to, updatedBy: userId, updatedAt: new Date() }).where(eq(adminConfigs.id, found.id));
    return found.id;
  });
  return { ...layoutAnswer(await findLayout(db, id)), message: serverMessages.adminconfigs.updated };
}

/**
 * POST /adminconfigs/{id}/archive: out of the list and the apply picker, its place closed; kept,
 * since configs name the layout their pages came from. Archiving twice is the same answer.
 */
export async function archiveLayout(db: Db, userId: number, key: string) {
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const found = await findLayout(tx, key);
    if (!found.archivedAt) {
      await tx.update(adminConfigs).set({ archivedAt: new Date(), position: null, updatedBy: userId, updatedAt: new Date() }).where(eq(adminConfigs.id, found.id));
      await renumber(tx);
    }
    return { id: found.id, name: found.name, message: serverMessages.adminconfigs.archived };
  });
}

/** The active layout to apply, by id or guid: 422 on `id` when there is none or it is archived. */
export async function layoutToApply(db: Db, key: string | number, field: string): Promise<Row> {
  const refuse = (detail: string) => new Invalid(detail, [{ detail, field }]);
  const byKey = whereKey(key, adminConfigs.id, adminConfigs.guid);
  const [row] = byKey ? await db.select().from(adminConfigs).where(and(byKey, ofType)) : [];
  if (!row) throw refuse(serverMessages.adminconfigs.unknown_layout);
  if (row.archivedAt) throw refuse(serverMessages.adminconfigs.archived_layout);
  return row;
}

