/**
 * Categories (spec sections 2 and 8): the taxonomies (type, region, make, partner) with their term
 * counts, and each taxonomy's terms as a ra-data-simple-rest list with add, edit and delete.
 * Terms are unique per taxonomy by name and by slug, case-insensitively ('term already exists');
 * the slug is made from the name unless one is sent. A term that companies or products use is not
 * deleted (409 saying how many use it): the links would vanish silently with it.
 */
import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { companyTerms, productTerms, taxonomies, terms } from '../db/schema';
import { NotFound, Conflict, Invalid } from '../domain-errors';
import { likePattern, pageOf, simpleRest, type Page, type SimpleRestQuery } from '../http/simple-rest';
import { interpolate, serverMessages } from '../messages';
import { isUniqueViolation } from '../db/pg-errors';
import { cleanName } from '../http/clean-text';
import { namesOf } from '../http/local-names';
import type { LocalNames } from '../../contract/names';

const rest = simpleRest(serverMessages.companies.bad_query);

export interface Taxonomy {
  id: number;
  name: string;
  slug: string;
  terms_count: number;
}
export interface Term {
  id: number;
  name: string;
  names: LocalNames;
  slug: string;
  taxonomy: { id: number; name: string; slug: string };
  companies_count: number;
  products_count: number;
}
export interface TermInput {
  name?: string;
  /** The name in other locales (contract/names.ts): replaces the stored ones. */
  names?: unknown;
  slug?: string;
}

/**
 * The slug of a name: accents dropped, lower case, every run of other characters one hyphen.
 * @example slugify('Škoda Auto') // 'skoda-auto'
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

// Plain SQL with an alias: drizzle renders columns inside a selected sql`` unqualified, which the
// subquery would bind to its own table (as users/users.current.ts notes).
const termCount = sql<number>`(select count(*) from terms t where t.taxonomy_id = "taxonomies"."id")`.mapWith(Number);

/** GET /taxonomies: every taxonomy with its number of terms (simple-rest: sort, range, filter {q}). */
export async function listTaxonomies(db: Db, query: SimpleRestQuery): Promise<Page<Taxonomy>> {
  const f = rest.filter(query.filter, ['q']);
  const q = rest.search(f.q, 'filter.q');
  const order = rest.sort(query.sort, { id: taxonomies.id, name: taxonomies.name, slug: taxonomies.slug }, ['name', 'ASC'], taxonomies.id);
  const range = rest.range(query.range);
  const where = q ? or(ilike(taxonomies.name, likePattern(q)), ilike(taxonomies.slug, likePattern(q))) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({ id: taxonomies.id, name: taxonomies.name, slug: taxonomies.slug, terms_count: termCount })
      .from(taxonomies)
      .where(where)
      .orderBy(...order)
      .limit(range.end - range.start + 1)
      .offset(range.start),
    db.select({ total: count() }).from(taxonomies).where(where),
  ]);
  return pageOf(items, total, range);
}

/** GET /taxonomies/{slug}: one taxonomy with its term count; 404 'Page Not Found.' when there is none. */
export async function getTaxonomy(db: Db, slug: string): Promise<Taxonomy> {
  const [row] = await db.select({ id: taxonomies.id, name: taxonomies.name, slug: taxonomies.slug, terms_count: termCount }).from(taxonomies).where(eq(taxonomies.slug, slug));
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** How many companies and products use each of these terms. */
async function usage(db: Db | Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { companies: number; products: number }>();
  const [c, p] = await Promise.all([
    db.select({ id: companyTerms.termId, n: count() }).from(companyTerms).where(inArray(companyTerms.termId, ids)).groupBy(companyTerms.termId),
    db.select({ id: productTerms.termId, n: count() }).from(productTerms).where(inArray(productTerms.termId, ids)).groupBy(productTerms.termId),
  ]);
  const companies = new Map(c.map((r) => [r.id, r.n]));
  const products = new Map(p.map((r) => [r.id, r.n]));
  return new Map(ids.map((id) => [id, { companies: companies.get(id) ?? 0, products: products.get(id) ?? 0 }]));
}

type TaxonomyRow = { id: number; name: string; slug: string };
const termOf = (row: { id: number; name: string; names: LocalNames; slug: string }, taxonomy: TaxonomyRow, used = { companies: 0, products: 0 }): Term => ({
  id: row.id,
  name: row.name,
  names: row.names,
  slug: row.slug,
  taxonomy: { id: taxonomy.id, name: taxonomy.name, slug: taxonomy.slug },
  companies_count: used.companies,
  products_count: used.products,
});

async function findTaxonomy(db: Db | Tx, slug: string, lock = false): Promise<TaxonomyRow> {
  const select = db.select({ id: taxonomies.id, name: taxonomies.name, slug: taxonomies.slug }).from(taxonomies).where(eq(taxonomies.slug, slug));
  // Writes of one taxonomy take turns, so two adds of the same name cannot both pass the check.
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** GET /taxonomies/{slug}/terms: simple-rest (sort id, name or slug; filter {q, id}); usage counts per row. */
export async function listTaxonomyTerms(db: Db, slug: string, query: SimpleRestQuery): Promise<Page<Term>> {
  const taxonomy = await findTaxonomy(db, slug);
  const f = rest.filter(query.filter, ['q', 'id']);
  const q = rest.search(f.q, 'filter.q');
  const ids = rest.ids(f.id, 'id');
  const order = rest.sort(query.sort, { id: terms.id, name: terms.name, slug: terms.slug }, ['name', 'ASC'], terms.id);
  const range = rest.range(query.range);
  const where = and(
    eq(terms.taxonomyId, taxonomy.id),
    q ? or(ilike(terms.name, likePattern(q)), ilike(terms.slug, likePattern(q))) : undefined,
    ids ? inArray(terms.id, ids) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ id: terms.id, name: terms.name, names: terms.names, slug: terms.slug }).from(terms).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(terms).where(where),
  ]);
  const used = await usage(db, rows.map((r) => r.id));
  return pageOf(rows.map((r) => termOf(r, taxonomy, used.get(r.id))), total, range);
}

async function findTerm(db: Db | Tx, taxonomy: TaxonomyRow, id: number, lock = false) {
  const select = db.select({ id: terms.id, name: terms.name, names: terms.names, slug: terms.slug }).from(terms).where(and(eq(terms.id, id), eq(terms.taxonomyId, taxonomy.id)));
  // Locked for a delete: a company or product linking the term meanwhile waits (its foreign key
  // check shares the row), so the usage counted below is still true when the row goes.
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** GET /taxonomies/{slug}/terms/{id}: one term of that taxonomy (404 for a term of another). */
export async function getTerm(db: Db, slug: string, id: number): Promise<Term> {
  const taxonomy = await findTaxonomy(db, slug);
  const row = await findTerm(db, taxonomy, id);
  return termOf(row, taxonomy, (await usage(db, [id])).get(id));
}

const exists = () => new Conflict(serverMessages.categories.term_exists, [{ detail: serverMessages.categories.term_exists, field: 'name' }]);

/** The name (trimmed, required) and slug (sent, else made from the name) a write leaves the term with. */
function nameAndSlug(input: TermInput, current?: { name: string; slug: string }): { name: string; slug: string } {
  const name = input.name === undefined && current ? current.name : cleanName(input.name ?? '').trim();
  if (!name) throw new Invalid(serverMessages.companies.name_required, [{ detail: serverMessages.companies.name_required, field: 'name' }]);
  // An edit keeps the slug unless a new one is sent: region and type slugs are referred to elsewhere.
  const slug = input.slug ?? (current ? current.slug : slugify(name));
  if (!slug) throw new Invalid(serverMessages.categories.name_no_slug, [{ detail: serverMessages.categories.name_no_slug, field: 'name' }]);
  return { name, slug };
}

/** 'term already exists' when another term of the taxonomy has this name or slug, in any case. */
async function checkUnique(tx: Tx, taxonomyId: number, value: { name: string; slug: string }, except?: number) {
  const [clash] = await tx
    .select({ id: terms.id })
    .from(terms)
    .where(
      and(
        eq(terms.taxonomyId, taxonomyId),
        except ? ne(terms.id, except) : undefined,
        or(sql`lower(${terms.name}) = lower(${value.name})`, sql`lower(${terms.slug}) = lower(${value.slug})`) as SQL,
      ),
    )
    .limit(1);
  if (clash) throw exists();
}

/** POST /taxonomies/{slug}/terms: 201 with the term and 'Term Added'. */
export async function createTerm(db: Db, slug: string, input: TermInput): Promise<Term & { message: string }> {
  const value = nameAndSlug(input);
  const names = namesOf(input.names) ?? {};
  try {
    return await db.transaction(async (tx) => {
      const taxonomy = await findTaxonomy(tx, slug, true);
      await checkUnique(tx, taxonomy.id, value);
      const [row] = await tx.insert(terms).values({ taxonomyId: taxonomy.id, ...value, names }).returning({ id: terms.id, name: terms.name, names: terms.names, slug: terms.slug });
      return { ...termOf(row, taxonomy), message: serverMessages.categories.term_added };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** PUT /taxonomies/{slug}/terms/{id}: the name and/or slug sent; 'Term Updated'. */
export async function updateTerm(db: Db, slug: string, id: number, input: TermInput): Promise<Term & { message: string }> {
  const names = namesOf(input.names);
  try {
    return await db.transaction(async (tx) => {
      const taxonomy = await findTaxonomy(tx, slug, true);
      const current = await findTerm(tx, taxonomy, id);
      const value = nameAndSlug(input, current);
      await checkUnique(tx, taxonomy.id, value, id);
      const [row] = await tx.update(terms).set({ ...value, ...(names !== undefined ? { names } : {}) }).where(eq(terms.id, id)).returning({ id: terms.id, name: terms.name, names: terms.names, slug: terms.slug });
      return { ...termOf(row, taxonomy, (await usage(tx, [id])).get(id)), message: serverMessages.categories.term_updated };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** DELETE /taxonomies/{slug}/terms/{id}: 'Term Deleted'; 409 naming how many companies and products use it. */
export async function deleteTerm(db: Db, slug: string, id: number): Promise<Term & { message: string }> {
  return db.transaction(async (tx) => {
    const taxonomy = await findTaxonomy(tx, slug, true);
    const row = await findTerm(tx, taxonomy, id, true);
    const used = (await usage(tx, [id])).get(id)!;
    if (used.companies || used.products) {
      const message = interpolate(serverMessages.categories.term_in_use, used);
      throw new Conflict(message, [{ detail: message }]);
    }
    await tx.delete(terms).where(eq(terms.id, id));
    return { ...termOf(row, taxonomy, used), message: serverMessages.categories.term_deleted };
  });
}
