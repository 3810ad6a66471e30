import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { terms } from './taxonomies';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
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
  (t) => [uniqueIndex('company_terms_company_term_idx').on(t.companyId, t.termId)],
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
