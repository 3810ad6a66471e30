/**
 * GET /search (issue 58): one query over the search index (search.store.ts, kept by migration
 * 0032's triggers), one part per kind the viewer may open, each part held by that kind's own GET
 * rule (permission and tenancy, in the query) and ranked: exact name first, then a name that starts
 * with the query, then the query anywhere in the searched words, then all its words (full text),
 * then near spellings (trigram word similarity), closest first. Accents and case never matter:
 * both sides go through `portal_search_norm` (unaccent + lower).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_KINDS, SEARCH_LIMITS, SEARCH_PATHS, type SearchAnswer, type SearchHit, type SearchKind } from '../../contract/search';
import type { Db } from '../db/database';
import { companies, companyUsers, configs, agreements, posts, products, projects, projectTasks, users } from '../db/schema';
import { companyScope, currentCompanyOf, seesAllCompanies, type Viewer } from '../db/tenancy';
import { Invalid } from '../domain-errors';
import { serverMessages } from '../messages';
import { searchEntries as e } from './search.store';

export interface SearchQuery {
  q?: string;
  limit?: number;
}

/** The SQL condition that keeps the products part to the viewer's catalogue (products.catalogue.ts). */
export type CatalogueCondition = SQL | undefined;

interface Row {
  kind: SearchKind;
  id: number;
  guid: string | null;
  title: string;
  subtitle: string | null;
  slug: string | null;
  parent_id: number | null;
}

/** One kind's part: its joins, its answer's guid and subtitle, and who may see which rows. */
interface Part {
  kind: SearchKind;
  from: SQL;
  guid: SQL;
  subtitle: SQL;
  slug?: SQL;
  where: SQL | undefined;
}

/** `q` as searched: trimmed, 1..100 characters, else the 422 naming `q`. */
export function searchText(q: string | undefined): string {
  const text = (q ?? '').trim();
  const length = [...text].length;
  if (length < 1 || length > SEARCH_LIMITS.queryMax) throw new Invalid(serverMessages.search.query_length, [{ detail: serverMessages.search.query_length, field: 'q' }]);
  return text;
}

/**
 * The parts the viewer may see, each with the rule of the record's own GET route and screen:
 * - company: GET /companies/{id} (signed in; own current company unless staff who see all);
 * - user: GET /users/{id} (yourself; or 'list users'/'create users' and a user of your current company, staff everyone);
 * - config: 'view configs' (the config screens' permission, one GET /configs/{id} accepts), tenancy, not archived;
 * - agreement: 'view agreements', tenancy, not archived;
 * - project and task: 'edit projects' (the tracker's project screens; GET accepts it), tenancy, project not archived;
 * - product: 'view products' or 'create products' and the viewer's catalogue (GET /products/{id});
 * - post: signed in; drafts only with 'edit posts' (GET /posts/{id}).
 */
function partsFor(viewer: Viewer, catalogue: CatalogueCondition): Part[] {
  const has = (p: Parameters<Viewer['permissions']['has']>[0]) => viewer.permissions.has(p);
  const current = currentCompanyOf(viewer.id);
  const companyOf = sql`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.id} = ${e.companyId})`;
  const parts: Part[] = [
    {
      kind: 'company',
      from: sql`JOIN ${companies} ON ${companies.id} = ${e.recordId}`,
      guid: sql`${companies.guid}::text`,
      subtitle: sql`${companies.addressLine3}`,
      where: seesAllCompanies(viewer) ? undefined : sql`${e.recordId} = ${current}`,
    },
    {
      kind: 'user',
      from: sql`JOIN ${users} ON ${users.id} = ${e.recordId}`,
      guid: sql`${users.guid}::text`,
      subtitle: sql`${users.email}`,
      where:
        !has('list users') && !has('create users')
          ? sql`${e.recordId} = ${viewer.id}`
          : seesAllCompanies(viewer)
            ? undefined
            : sql`(${e.recordId} = ${viewer.id} OR ${e.recordId} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${companyUsers.companyId} = ${current}))`,
    },
  ];
  if (has('view configs')) {
    parts.push({ kind: 'config', from: sql`JOIN ${configs} ON ${configs.id} = ${e.recordId}`, guid: sql`${configs.guid}::text`, subtitle: companyOf, where: sql`${e.live} AND ${tenancy(viewer)}` });
  }
  if (has('view agreements')) {
    parts.push({ kind: 'agreement', from: sql`JOIN ${agreements} ON ${agreements.id} = ${e.recordId}`, guid: sql`${agreements.guid}::text`, subtitle: companyOf, where: sql`${e.live} AND ${tenancy(viewer)}` });
  }
  if (has('edit projects')) {
    parts.push({ kind: 'project', from: sql`JOIN ${projects} ON ${projects.id} = ${e.recordId}`, guid: sql`${projects.guid}::text`, subtitle: companyOf, where: sql`${e.live} AND ${tenancy(viewer)}` });
    parts.push({
      kind: 'task',
      from: sql`JOIN ${projectTasks} ON ${projectTasks.id} = ${e.recordId} JOIN ${projects} ON ${projects.id} = ${projectTasks.projectId}`,
      guid: sql`NULL::text`,
      subtitle: sql`${projects.name}`,
      where: sql`${e.live} AND ${tenancy(viewer, projects.companyId)}`,
    });
  }
  if (has('view products') || has('create products')) {
    parts.push({ kind: 'product', from: sql`JOIN ${products} ON ${products.id} = ${e.recordId}`, guid: sql`${products.guid}::text`, subtitle: sql`${products.costType}`, where: catalogue });
  }
  parts.push({
    kind: 'post',
    from: sql`JOIN ${posts} ON ${posts.id} = ${e.recordId}`,
    guid: sql`${posts.guid}::text`,
    subtitle: sql`${posts.websiteAddress}`,
    slug: sql`${posts.slug}`,
    where: has('edit posts') ? undefined : sql`${posts.postStatus} = 'published'`,
  });
  return parts;
}

/** Tenancy on the entry's company (or the joined source's), as db/tenancy.ts applies it everywhere; TRUE for staff. */
function tenancy(viewer: Viewer, column: Parameters<typeof companyScope>[1] = e.companyId): SQL {
  return companyScope(viewer, column) ?? sql`TRUE`;
}

/** The app path a hit opens, for this viewer (contract/search.ts SEARCH_PATHS). */
function pathOf(viewer: Viewer, row: Row): string {
  const has = (p: Parameters<Viewer['permissions']['has']>[0]) => viewer.permissions.has(p);
  switch (row.kind) {
    case 'company':
      return has('view companies') ? SEARCH_PATHS.companyProfile(row.id) : SEARCH_PATHS.companyDashboard(row.id);
    case 'user':
      return SEARCH_PATHS.userProfile(row.id);
    case 'config':
      return SEARCH_PATHS.configDashboard(row.id);
    case 'agreement':
      return SEARCH_PATHS.agreement(row.id);
    case 'project':
      return SEARCH_PATHS.projectSummary(row.id);
    case 'task':
      return SEARCH_PATHS.projectTasks(row.parent_id ?? 0);
    case 'product':
      return has('create products') ? SEARCH_PATHS.productEdit(row.id) : SEARCH_PATHS.productList(row.id);
    case 'post':
      return has('edit posts') ? SEARCH_PATHS.showcaseEdit(row.id) : SEARCH_PATHS.showcase(row.slug ?? '');
  }
}

/** The hits for `query`, grouped by kind (only kinds that found something), at most `limit` per kind. */
export async function search(db: Db, viewer: Viewer, query: SearchQuery, catalogue: CatalogueCondition): Promise<SearchAnswer> {
  const q = searchText(query.q);
  const limit = Math.min(Math.max(query.limit ?? SEARCH_LIMITS.limitDefault, 1), SEARCH_LIMITS.limitMax);
  // One character matches nearly everything and tells nothing apart: answered empty, not refused.
  if ([...q].length < 2) return { q, groups: [] };

  // Constant expressions of the query: PostgreSQL folds these IMMUTABLE calls once per statement,
  // so the trigram indexes see a constant.
  const norm = sql`portal_search_norm(${q})`;
  const escaped = sql`replace(replace(replace(${norm}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  const words = sql`plainto_tsquery('simple', ${norm})`;
  const rank = sql`CASE WHEN ${e.nameNorm} = ${norm} THEN 0 WHEN ${e.nameNorm} LIKE ${escaped} || '%' THEN 1 WHEN ${e.terms} LIKE '%' || ${escaped} || '%' THEN 2 WHEN tsv @@ ${words} THEN 3 ELSE 4 END`;
  const matches = sql`(${e.terms} LIKE '%' || ${escaped} || '%' OR ${norm} <% ${e.terms} OR tsv @@ ${words})`;

  const selects = partsFor(viewer, catalogue).map(
    (part) => sql`(SELECT ${part.kind}::text AS kind, ${e.recordId} AS id, ${part.guid} AS guid, ${e.title} AS title, ${part.subtitle} AS subtitle, ${part.slug ?? sql`NULL::text`} AS slug, ${e.parentId} AS parent_id,
        ${rank} AS rank, word_similarity(${norm}, ${e.terms}) AS near, similarity(${norm}, ${e.nameNorm}) AS alike, ${e.nameNorm} AS name_norm
      FROM ${e} ${part.from}
      WHERE ${e.kind} = ${part.kind} AND ${matches}${part.where ? sql` AND ${part.where}` : sql``}
      ORDER BY rank, near DESC, alike DESC, name_norm, id LIMIT ${limit})`,
  );
  const result: unknown = await db.execute(sql`SELECT kind, id, guid, title, subtitle, slug, parent_id FROM (${sql.join(selects, sql` UNION ALL `)}) hits ORDER BY kind, rank, near DESC, alike DESC, name_norm, id`);
  // PGlite and node-postgres both answer { rows }.
  const rows = (result as { rows: Row[] }).rows;
  const groups = SEARCH_KINDS.map((kind) => ({
    kind,
    hits: rows
      .filter((r) => r.kind === kind)
      .map((r): SearchHit => ({ kind, id: Number(r.id), guid: r.guid, title: r.title, subtitle: r.subtitle || null, path: pathOf(viewer, { ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }) })),
  })).filter((g) => g.hits.length > 0);
  return { q, groups };
}
