/**
 * Company writes (spec section 7): POST /companies, PUT /companies/{guid}, DELETE /companies/{id},
 * DELETE /companies (the list's bulk delete) and the user assignment calls. Each write checks its input first and then changes the company,
 * its terms and meta in one transaction, so a refused write leaves nothing behind.
 */
import { and, asc, eq, inArray, isNull, like, notInArray, or, sql } from 'drizzle-orm';
import { engineT } from '../../engine';
import type { Db, Tx } from '../db/database';
import { companies, companyMeta, companyTerms, companyUsers, media, taxonomies, terms, users } from '../db/schema';
import { Conflict, Invalid, NotFound, type ErrorDetail } from '../domain-errors';
import { URL_FORMAT } from '../http/formats';
import { serverMessages } from '../messages';
import { companyKey, loadCompany } from './companies.service';
import { COMPANY_TAXONOMIES, companyColumns, LOGO_KEY, logoGuid, type CompanyInput, type CompanyTaxonomy } from './companies.fields';
import { companyScope, type Viewer } from '../db/tenancy';
import { cleanName } from '../http/clean-text';
import { isReminderDays } from '../../contract/companies';

const t = engineT('en-GB');

/** The company a writer may touch (tenancy in the query); 404 as if it did not exist otherwise. */
async function findWritable(db: Db, viewer: Viewer, idOrGuid: string) {
  const where = companyKey(idOrGuid);
  const [row] = where ? await db.select({ id: companies.id, guid: companies.guid, name: companies.name }).from(companies).where(and(where, companyScope(viewer, companies.id))) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/**
 * A logo (meta `logo`: a media guid or its address) must be an image in the media library that the
 * company may use: a shared one (no company) or one filed under this company, never another
 * company's file. A new company has no files yet, so only shared images.
 */
async function logoProblem(db: Db, input: CompanyInput, companyId: number | null): Promise<ErrorDetail | null> {
  const index = (input.meta ?? []).findIndex((m) => m.meta_key === LOGO_KEY);
  const value = index >= 0 ? input.meta![index].meta_value?.trim() : '';
  if (!value) return null;
  const guid = logoGuid(value);
  const usable = guid
    ? await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.guid, guid), like(media.mime, 'image/%'), companyId ? or(isNull(media.companyId), eq(media.companyId, companyId)) : isNull(media.companyId)))
    : [];
  // Named `logo`, as the company form names its logo input (and the answers name the company's logo).
  return usable.length ? null : { detail: serverMessages.companies.logo_invalid, field: LOGO_KEY };
}

/**
 * The checks a schema cannot word as the spec does: the required name, the URL format, reminders
 * off or after 1 to 90 days, meta keys named once, term ids that belong to the taxonomy they are
 * sent under, and a logo the company may use.
 */
async function check(db: Db, input: CompanyInput, creating: boolean, companyId: number | null = null): Promise<void> {
  const problems: ErrorDetail[] = [];
  if ((creating || input.name !== undefined) && !cleanName(input.name ?? '').trim()) problems.push({ detail: serverMessages.companies.name_required, field: 'name' });
  const website = input.website_address?.trim();
  if (website && !URL_FORMAT.test(website)) problems.push({ detail: t('validation:generic.url'), field: 'website_address' });
  // Off (null) or 1..90 whole days: a fraction, 0 or 91 would otherwise reach the column as a 500 (its CHECK, its type).
  if (input.reminder_days !== undefined && !isReminderDays(input.reminder_days)) problems.push({ detail: serverMessages.companies.reminder_days_invalid, field: 'reminder_days' });
  const keys = (input.meta ?? []).map((m) => m.meta_key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) problems.push({ detail: t('validation:field.duplicate', { attribute: 'meta_key' }), field: 'meta' });
  const sent = COMPANY_TAXONOMIES.flatMap((taxonomy) => (input.terms?.[taxonomy] ?? []).map((id) => ({ taxonomy, id })));
  if (sent.length) {
    const found = await db
      .select({ id: terms.id, taxonomy: taxonomies.slug })
      .from(terms)
      .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
      .where(inArray(terms.id, [...new Set(sent.map((s) => s.id))]));
    const taxonomyOf = new Map(found.map((f) => [f.id, f.taxonomy]));
    const wrong = sent.find((s) => taxonomyOf.get(s.id) !== s.taxonomy);
    if (wrong) problems.push({ detail: serverMessages.invalid_terms, field: `terms.${wrong.taxonomy}` });
  }
  const logo = duplicate ? null : await logoProblem(db, input, companyId);
  if (logo) problems.push(logo);
  if (problems.length) throw new Invalid(problems[0].detail, problems);
}

/** Replaces the links of the taxonomies the body names (others are kept: a PUT of `region` leaves the makes alone). */
async function writeTerms(tx: Tx, companyId: number, input: CompanyInput['terms']) {
  if (!input) return;
  const named = COMPANY_TAXONOMIES.filter((taxonomy) => input[taxonomy] !== undefined);
  if (!named.length) return;
  const keep = named.flatMap((taxonomy) => input[taxonomy] ?? []);
  const inNamed = sql`${companyTerms.termId} IN (SELECT ${terms.id} FROM ${terms} INNER JOIN ${taxonomies} ON ${taxonomies.id} = ${terms.taxonomyId} WHERE ${inArray(taxonomies.slug, named as CompanyTaxonomy[])})`;
  await tx.delete(companyTerms).where(and(eq(companyTerms.companyId, companyId), inNamed, keep.length ? notInArray(companyTerms.termId, keep) : undefined));
  if (keep.length) await tx.insert(companyTerms).values(keep.map((termId) => ({ companyId, termId }))).onConflictDoNothing();
}

/** Replaces the meta list when the body sends one (the form sends the whole list, logo included; a logo is stored as its media guid). */
async function writeMeta(tx: Tx, companyId: number, meta: CompanyInput['meta']) {
  if (meta === undefined) return;
  const value = (m: NonNullable<CompanyInput['meta']>[number]) => {
    const text = m.meta_value?.trim() || null;
    return text && m.meta_key === LOGO_KEY ? (logoGuid(text) ?? text) : text;
  };
  const rows = (meta ?? []).map((m) => ({ companyId, metaKey: m.meta_key, metaValue: value(m) }));
  // The same list writes nothing: the audit log (issue 58) enters only a real change.
  const now = await tx.select({ metaKey: companyMeta.metaKey, metaValue: companyMeta.metaValue }).from(companyMeta).where(eq(companyMeta.companyId, companyId)).orderBy(asc(companyMeta.id));
  if (JSON.stringify(now) === JSON.stringify(rows.map(({ metaKey, metaValue }) => ({ metaKey, metaValue })))) return;
  await tx.delete(companyMeta).where(eq(companyMeta.companyId, companyId));
  if (rows.length) await tx.insert(companyMeta).values(rows);
}

/** POST /companies: 'Company Created', with the new company. */
export async function createCompany(db: Db, input: CompanyInput) {
  await check(db, input, true);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ ...companyColumns(input), name: cleanName(input.name!).trim() })
      .returning({ id: companies.id });
    await writeTerms(tx, row.id, input.terms);
    await writeMeta(tx, row.id, input.meta);
    return row.id;
  });
  return { ...(await loadCompany(db, id))!, message: serverMessages.companies.created };
}

/** PUT /companies/{id|guid}: changes the fields sent; 'Company Updated', with the company as it is now. */
export async function updateCompany(db: Db, viewer: Viewer, idOrGuid: string, input: CompanyInput) {
  const { id } = await findWritable(db, viewer, idOrGuid);
  await check(db, input, false, id);
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ ...companyColumns(input), updatedAt: new Date() }).where(eq(companies.id, id));
    await writeTerms(tx, id, input.terms);
    await writeMeta(tx, id, input.meta);
  });
  return { ...(await loadCompany(db, id))!, message: serverMessages.companies.updated };
}

/** DELETE /companies/{id}: the company and what hangs off it (links, meta, configs) go; its users stay. */
export async function deleteCompany(db: Db, viewer: Viewer, idOrGuid: string) {
  const company = await findWritable(db, viewer, idOrGuid);
  await db.delete(companies).where(eq(companies.id, company.id));
  return company;
}

/**
 * DELETE /companies with `{ ids }`: the list's bulk delete as one transaction, all or none (one
 * DELETE per id would leave some gone when one is refused). The companies are locked, so a company
 * deleted meanwhile refuses the whole request too; one outside the user's companies (tenancy) or
 * gone is a 404 as for a single delete.
 */
export async function deleteCompanies(db: Db, viewer: Viewer, ids: number[]) {
  const unique = [...new Set(ids)];
  const notFound = () => new NotFound(serverMessages.not_found, [{ detail: serverMessages.not_found, field: 'ids' }]);
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: companies.id }).from(companies).where(and(inArray(companies.id, unique), companyScope(viewer, companies.id))).orderBy(companies.id).for('update');
    if (found.length !== unique.length) throw notFound();
    const deleted = await tx.delete(companies).where(inArray(companies.id, unique)).returning({ id: companies.id });
    if (deleted.length !== unique.length) throw notFound();
  });
  return { ids: unique };
}

/** PUT /companies/{guid}/user/{userId}: 'User Added'; 409 'User is already assigned'. */
export async function assignUser(db: Db, viewer: Viewer, idOrGuid: string, userId: number) {
  const company = await findWritable(db, viewer, idOrGuid);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound(serverMessages.companies.unknown_user, [{ detail: serverMessages.companies.unknown_user, field: 'userId' }]);
  const added = await db.insert(companyUsers).values({ companyId: company.id, userId }).onConflictDoNothing().returning({ userId: companyUsers.userId });
  if (!added.length) throw new Conflict(serverMessages.companies.user_already_assigned, [{ detail: serverMessages.companies.user_already_assigned, field: 'userId' }]);
  return { ...(await loadCompany(db, company.id))!, message: serverMessages.companies.user_added };
}

/** DELETE /companies/{guid}/user/{userId}: 'User Removed'; 404 when the user is not assigned. */
export async function removeUser(db: Db, viewer: Viewer, idOrGuid: string, userId: number) {
  const company = await findWritable(db, viewer, idOrGuid);
  const removed = await db
    .delete(companyUsers)
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, userId)))
    .returning({ userId: companyUsers.userId });
  if (!removed.length) throw new NotFound(serverMessages.companies.user_not_assigned, [{ detail: serverMessages.companies.user_not_assigned, field: 'userId' }]);
  return { ...(await loadCompany(db, company.id))!, message: serverMessages.companies.user_removed };
}
