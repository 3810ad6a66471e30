import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { terms } from './taxonomies';
import { byReader } from './collation';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  guid: uuid('guid').notNull().defaultRandom().unique(),
  name: text('name').notNull(),
  lang: text('lang').notNull().default('en'),
  /** 'created' | 'configurator' | 'showcase' */
  stage: text('stage').notNull().default('configurator'),
  status: text('status').notNull().default('active'),
  contactName: text('contact_name'),
  contactNumber: text('contact_number'),
  fsaNumber: text('fsa_number'),
  regNumber: text('reg_number'),
  vatNumber: text('vat_number'),
  websiteAddress: text('website_address'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  addressLine3: text('address_line3'),
  regAddressLine1: text('reg_address_line1'),
  regAddressLine2: text('reg_address_line2'),
  regAddressLine3: text('reg_address_line3'),
  /**
   * Remind the company's users of stages untouched for this many days (issue 55); null: no reminders.
   * Staff set it on the company's profile (1..REMINDER_DAYS_MAX, contract/notifications.ts).
   */
  reminderDays: integer('reminder_days').default(7),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The companies list's sort and filter columns (GET /companies): name first, the id breaks ties.
  index('companies_name_idx').on(byReader(t.name), t.id),
  index('companies_status_name_idx').on(t.status, byReader(t.name)),
  index('companies_stage_name_idx').on(t.stage, byReader(t.name)),
  index('companies_created_at_idx').on(t.createdAt, t.id),
  index('companies_updated_at_idx').on(t.updatedAt, t.id),
  // The list's `q` search (ILIKE '%text%' on name, contact and town, migration 0006): trigram
  // indexes (pg_trgm), so a search reads the rows that match instead of every company.
  index('companies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('companies_contact_name_trgm_idx').using('gin', t.contactName.op('gin_trgm_ops')),
  index('companies_address_line3_trgm_idx').using('gin', t.addressLine3.op('gin_trgm_ops')),
  check('companies_reminder_days', sql`${t.reminderDays} BETWEEN 1 AND 90`),
]);

export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // By user: tenancy ("the companies this user is a member of") runs on every dealer query.
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_users_user_idx').on(t.userId)],
);

/**
 * The company a member of several companies works in now (issue 54): chosen with PUT
 * /users/current/company, kept per user (so a reload, a new sign-in and every instance find it),
 * and what tenancy holds a dealer to (server/db/tenancy.ts `currentCompanyOf`). Its key is a
 * membership (company_users), so the choice is always a company the user belongs to, and it goes
 * with the membership; without a row the user works in their first company (lowest id).
 */
export const currentCompanies = pgTable(
  'current_companies',
  {
    userId: integer('user_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'current_companies_membership_fk', columns: [t.companyId, t.userId], foreignColumns: [companyUsers.companyId, companyUsers.userId] }).onDelete('cascade'),
  ],
);

/** The company's taxonomy links; the row id is what the API calls `taxonomies[].id`. */
export const companyTerms = pgTable(
  'company_terms',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
  },
  // By term: the list's taxonomy filters (companies with region UK, make BMW...).
  (t) => [uniqueIndex('company_terms_company_term_idx').on(t.companyId, t.termId), index('company_terms_term_idx').on(t.termId, t.companyId)],
);

/** Free key/value pairs of a company (logo and the like). */
export const companyMeta = pgTable(
  'company_meta',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    metaKey: text('meta_key').notNull(),
    metaValue: text('meta_value'),
  },
  (t) => [uniqueIndex('company_meta_company_key_idx').on(t.companyId, t.metaKey)],
);
