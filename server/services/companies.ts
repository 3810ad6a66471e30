import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyMeta, companyTerms, companyUsers, taxonomies, terms, users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import type { UserRow } from '../plugins/auth';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A company with meta, taxonomies.term and users, in the API's shape; null when there is none. */
export async function loadCompany(app: FastifyInstance, idOrGuid: number | string) {
  const db = app.db;
  const key = String(idOrGuid);
  const where = GUID.test(key) ? eq(companies.guid, key) : /^\d{1,9}$/.test(key) ? eq(companies.id, Number(key)) : null;
  if (!where) return null;
  const [c] = await db.select().from(companies).where(where);
  if (!c) return null;
  const taxonomyRows = await db
    .select({ id: companyTerms.id, taxonomy: taxonomies.slug, termId: terms.id, name: terms.name, slug: terms.slug })
    .from(companyTerms)
    .innerJoin(terms, eq(terms.id, companyTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(eq(companyTerms.companyId, c.id))
    .orderBy(asc(companyTerms.id));
  const members = await db
    .select({ id: users.id, guid: users.guid, name: users.name, email: users.email, primary: users.primary })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, c.id))
    .orderBy(asc(users.id));
  const meta = await db
    .select({ meta_key: companyMeta.metaKey, meta_value: companyMeta.metaValue })
    .from(companyMeta)
    .where(eq(companyMeta.companyId, c.id))
    .orderBy(asc(companyMeta.id));
  return {
    id: c.id,
    guid: c.guid,
    name: c.name,
    lang: c.lang,
    stage: c.stage,
    status: c.status,
    contact_name: c.contactName,
    contact_number: c.contactNumber,
    fsa_number: c.fsaNumber,
    reg_number: c.regNumber,
    vat_number: c.vatNumber,
    website_address: c.websiteAddress,
    address: { line1: c.addressLine1, line2: c.addressLine2, line3: c.addressLine3 },
    reg_address: { line1: c.regAddressLine1, line2: c.regAddressLine2, line3: c.regAddressLine3 },
    meta,
    taxonomies: taxonomyRows.map((t) => ({ id: t.id, taxonomy: t.taxonomy, term: { id: t.termId, name: t.name, slug: t.slug } })),
    users: members,
  };
}

/**
 * GET /companies/{id|guid}: members see their own company; others need 'view companies'. A company
 * the user may not see is a 404, the same as one that does not exist (tenancy in the query).
 */
export async function getCompany(app: FastifyInstance, user: UserRow, permissions: ReadonlySet<string>, idOrGuid: string) {
  const company = await loadCompany(app, idOrGuid);
  if (company) {
    const [member] = await app.db
      .select({ userId: companyUsers.userId })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, user.id)));
    // The permissions came with the user in authenticate's one query: no second round trip.
    if (member || permissions.has('view companies')) return company;
  }
  throw httpError(404, serverMessages.not_found);
}
