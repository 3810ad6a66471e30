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
import { executeNamed } from '../db/prepared';
import { companies, companyUsers, configs, agreements, posts, products, projects, users } from '../db/schema';
import { currentCompanyOf, seesAllCompanies, type Viewer } from '../db/tenancy';
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

/**
 * One kind's part: who may see which entries (`where`, on the entry's own columns, which the
 * triggers keep equal to the record's, and `scopeFrom` only where the rule needs the record itself),
 * and its answer's joins, guid and subtitle (read for the few hits only).
 */
interface Part {
  kind: SearchKind;
  where: SQL | undefined;
  scopeFrom?: SQL;
  from: SQL;
  guid: SQL;
  subtitle: SQL;
  slug?: SQL;
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
 * - project and task: 'edit projects' (the tracker's project screens; GET accepts it), tenancy, project not archived
 *   (a task's entry carries its project's company and state: migration 0032 keeps them in step);
 * - product: 'view products' or 'create products' and the viewer's catalogue (GET /products/{id});
 * - post: signed in; drafts only with 'edit posts' (GET /posts/{id}; a post's entry is live when published).
 */
function partsFor(viewer: Viewer, catalogue: CatalogueCondition, current: SQL): Part[] {
  const has = (p: Parameters<Viewer['permissions']['has']>[0]) => viewer.permissions.has(p);
  const tenancy = seesAllCompanies(viewer) ? sql`${e.live}` : sql`${e.live} AND ${e.companyId} = ${current}`;
  const companyOf = sql`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.id} = ${e.companyId})`;
  const parts: Part[] = [
    {
      kind: 'company',
      where: seesAllCompanies(viewer) ? undefined : sql`${e.recordId} = ${current}`,
      from: sql`JOIN ${companies} ON ${companies.id} = ${e.recordId}`,
      guid: sql`${companies.guid}::text`,
      subtitle: sql`${companies.addressLine3}`,
    },
    {
      kind: 'user',
      where:
        !has('list users') && !has('create users')
          ? sql`${e.recordId} = ${viewer.id}`
          : seesAllCompanies(viewer)
            ? undefined
            : sql`(${e.recordId} = ${viewer.id} OR ${e.recordId} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${companyUsers.companyId} = ${current}))`,
      from: sql`JOIN ${users} ON ${users.id} = ${e.recordId}`,
      guid: sql`${users.guid}::text`,
      subtitle: sql`${users.email}`,
    },
  ];
  if (has('view configs')) {
    parts.push({ kind: 'config', where: tenancy, from: sql`JOIN ${configs} ON ${configs.id} = ${e.recordId}`, guid: sql`${configs.guid}::text`, subtitle: companyOf });
  }
  if (has('view agreements')) {
    parts.push({ kind: 'agreement', where: tenancy, from: sql`JOIN ${agreements} ON ${agreements.id} = ${e.recordId}`, guid: sql`${agreements.guid}::text`, subtitle: companyOf });
  }
  if (has('edit projects')) {
    parts.push({ kind: 'project', where: tenancy, from: sql`JOIN ${projects} ON ${projects.id} = ${e.recordId}`, guid: sql`${projects.guid}::text`, subtitle: companyOf });
    parts.push({ kind: 'task', where: tenancy, from: sql`JOIN ${projects} ON ${projects.id} = ${e.parentId}`, guid: sql`NULL::text`, subtitle: sql`${projects.name}` });
  }
  if (has('view products') || has('create products')) {
    const from = sql`JOIN ${products} ON ${products.id} = ${e.recordId}`;
    parts.push({ kind: 'product', where: catalogue, scopeFrom: catalogue ? from : undefined, from, guid: sql`${products.guid}::text`, subtitle: sql`${products.costType}` });
  }
  parts.push({
    kind: 'post',
    where: has('edit posts') ? undefined : sql`${e.live}`,
    from: sql`JOIN ${posts} ON ${posts.id} = ${e.recordId}`,
    guid: sql`${posts.guid}::text`,
    subtitle: sql`${posts.websiteAddress}`,
    slug: sql`${posts.slug}`,
  });
  return parts;
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

/**
 * The hits for `query`, grouped by kind (only kinds that found something), at most `limit` per kind.
 *
 * Each kind's part reads a few candidates per tier, each tier through an index that hands them over
 * in an order cheap to keep, and ranks only those (at most four tiers of `limit`), so a keystroke
 * that matches thousands of entries ("Ha", "Skoda") costs about what one that matches five does:
 * 0. the name starts with the query: `search_entries_name_idx`, a range already in name order;
 * 1. two letters: a word starts with them (the full-text index's prefix search; pg_trgm takes no
 *    trigram from two letters); three or more: the query anywhere in the searched words (the
 *    kind's trigram index), names holding it first;
 * 2. all the query's words, in any order (the kind's full-text index);
 * 3. near spellings ("Wisbeck" for Wisbech; trigram word similarity), looked for only when the tiers
 *    before found fewer than `limit`: the costliest tier, and then the only one left to find anything.
 * Then, among the candidates: exact name first, the tier, near spellings closest first, name.
 */
export async function search(db: Db, viewer: Viewer, query: SearchQuery, catalogue: CatalogueCondition): Promise<SearchAnswer> {
  const q = searchText(query.q);
  const limit = Math.min(Math.max(query.limit ?? SEARCH_LIMITS.limitDefault, 1), SEARCH_LIMITS.limitMax);
  // One character matches nearly everything and tells nothing apart: answered empty, not refused.
  if ([...q].length < 2) return { q, groups: [] };
  const short = [...q].length < 3;

  // What each tier compares, worked out once per search in the statement's first CTE (`asked`)
  // and read by every part as an InitPlan: a plain value in each index condition and recheck,
  // never unaccent and regexp per row, and the same plan whatever the query (statement.ts).
  const asked = (column: 'norm' | 'name_end' | 'contains' | 'word_start' | 'words' | 'company') => sql.raw(`(SELECT ${column} FROM asked)`);
  const norm = asked('norm');
  const byName = sql`${e.nameNorm}, ${e.recordId}`;
  const tiers: Array<{ match: SQL; order: SQL } | null> = [
    // A range of the name index, already in order (name_end: U+10FFFF, the greatest character, after norm).
    { match: sql`${e.nameNorm} COLLATE "C" >= ${norm} AND ${e.nameNorm} COLLATE "C" < ${asked('name_end')}`, order: sql`${e.nameNorm} COLLATE "C", ${e.recordId}` },
    short
      ? { match: sql`tsv @@ ${asked('word_start')}`, order: byName }
      : { match: sql`${e.terms} LIKE ${asked('contains')}`, order: sql`${e.nameNorm} LIKE ${asked('contains')} DESC, ${byName}` },
    short ? null : { match: sql`tsv @@ ${asked('words')}`, order: byName },
  ];

  const selects = partsFor(viewer, catalogue, asked('company')).map((part) => {
    // The kind as a literal (one of SEARCH_KINDS), so the planner picks that kind's partial indexes.
    const kind = sql.raw(`'${part.kind}'`);
    const scope = sql`${part.scopeFrom ?? sql``} WHERE ${e.kind} = ${kind}${part.where ? sql` AND ${part.where}` : sql``}`;
    const found = tiers
      .map((tier, n) => tier && sql`(SELECT ${e.recordId} AS record_id, ${sql.raw(String(n))} AS tier FROM ${e} ${scope} AND ${tier.match} ORDER BY ${tier.order} LIMIT ${limit})`)
      .filter((s): s is SQL => s !== null);
    // Near spellings only when the tiers before found too few: an InitPlan, not scanned otherwise.
    const near = short
      ? sql``
      : sql` UNION ALL (SELECT ${e.recordId}, 3 FROM ${e} ${scope} AND ${norm} <% ${e.terms} AND (SELECT count(DISTINCT record_id) FROM found) < ${limit}
          ORDER BY word_similarity(${norm}, ${e.terms}) DESC, ${byName} LIMIT ${limit})`;
    return sql`(WITH found AS (${sql.join(found, sql` UNION ALL `)}),
        candidates AS (SELECT record_id, min(tier) AS tier FROM (SELECT record_id, tier FROM found${near}) c GROUP BY record_id)
      SELECT ${kind}::text AS kind, ${e.recordId} AS id, ${part.guid} AS guid, ${e.title} AS title, ${part.subtitle} AS subtitle, ${part.slug ?? sql`NULL::text`} AS slug, ${e.parentId} AS parent_id,
        CASE WHEN ${e.nameNorm} = ${norm} THEN 0 ELSE candidates.tier + 1 END AS rank, word_similarity(${norm}, ${e.terms}) AS near, similarity(${norm}, ${e.nameNorm}) AS alike, ${e.nameNorm} AS name_norm
      FROM candidates JOIN ${e} ON ${e.kind} = ${kind} AND ${e.recordId} = candidates.record_id ${part.from}
      ORDER BY rank, near DESC, alike DESC, name_norm, id LIMIT ${limit})`;
  });
  // norm: as the index normalised every entry (accents off, lower case); contains: a LIKE pattern
  // with norm's own % _ \ escaped; word_start: a word starting with norm, when norm is one word of
  // letters or digits (else NULL, which matches nothing: no punctuation reaches to_tsquery's syntax);
  // company: the viewer's current company (db/tenancy.ts's rule), for every part held to it.
  const statement = sql`WITH normalised AS MATERIALIZED (SELECT portal_search_norm(${q}) AS norm),
    asked AS MATERIALIZED (SELECT norm, norm || chr(1114111) AS name_end,
      '%' || replace(replace(replace(norm, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' AS contains,
      CASE WHEN norm ~ '^[[:alnum:]]+$' THEN to_tsquery('simple', norm || ':*') END AS word_start,
      plainto_tsquery('simple', norm) AS words, ${currentCompanyOf(viewer.id)} AS company FROM normalised)
    SELECT kind, id, guid, title, subtitle, slug, parent_id FROM (${sql.join(selects, sql` UNION ALL `)}) hits ORDER BY kind, rank, near DESC, alike DESC, name_norm, id`;
  const result = await executeNamed(db, 'search', statement);
  const rows = result.rows as unknown as Row[];
  const groups = SEARCH_KINDS.map((kind) => ({
    kind,
    hits: rows
      .filter((r) => r.kind === kind)
      .map((r): SearchHit => ({ kind, id: Number(r.id), guid: r.guid, title: r.title, subtitle: r.subtitle || null, path: pathOf(viewer, { ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }) })),
  })).filter((g) => g.hits.length > 0);
  return { q, groups };
}
