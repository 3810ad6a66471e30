import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { terms } from './taxonomies';
import { byReader } from './collation';

/**
 * A product of the order form (spec section 3). Money is numeric(12,2) so no float creeps into an
 * agreement's total; `children` keeps the comma-separated ids the spec's API shows.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    description: text('description'),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull().default('0'),
    /** One of the pricing types: per month, per lead, per site, per transaction, per annum, per chat. */
    costType: text('cost_type').notNull().default('per month'),
    costNotes: text('cost_notes'),
    /** Percentage off the cost. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    /** An add-on rather than a core product. */
    addition: boolean('addition').notNull().default(false),
    conditions: text('conditions'),
    /** The price may be changed on an agreement. */
    editable: boolean('editable').notNull().default(false),
    locationLimit: integer('location_limit'),
    stockLimit: integer('stock_limit'),
    perStock: boolean('per_stock').notNull().default(false),
    costPerStock: numeric('cost_per_stock', { precision: 12, scale: 2 }),
    perLocation: boolean('per_location').notNull().default(false),
    perFranchise: boolean('per_franchise').notNull().default(false),
    fixedSetupFee: numeric('fixed_setup_fee', { precision: 12, scale: 2 }),
    /** Configurator stage slugs the product brings into a config. */
    stages: jsonb('stages').$type<string[]>().notNull().default([]),
    /** 1-based position; the list is sorted by it. */
    orderColumn: integer('order_column').notNull(),
    /** Comma-separated product ids, as the spec's API carries them. */
    children: text('children').notNull().default(''),
    parent: integer('parent'),
    addByDefaultInAgreement: boolean('add_by_default_in_agreement').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_order_idx').on(t.orderColumn, t.id), index('products_name_idx').on(byReader(t.name))],
);

/** A product's region and type terms (GET /products filters on them). */
export const productTerms = pgTable(
  'product_terms',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.termId] }), index('product_terms_term_idx').on(t.termId, t.productId)],
);
