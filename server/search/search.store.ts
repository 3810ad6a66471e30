/**
 * The search index's table, declared for typed queries only: it is created and kept by migration
 * 0032 (server/db/migrations/0032_search.sql), whose triggers on the source tables write it in the
 * same transaction as every write. It is not in db/schema, so drizzle-kit neither generates nor
 * alters it (its `tsv` column is a tsvector, which pg-core has no column type for).
 */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const searchEntries = pgTable('search_entries', {
  kind: text('kind').notNull(),
  recordId: integer('record_id').notNull(),
  /** The record's company (tenancy); null for users, products and posts. */
  companyId: integer('company_id'),
  /** A task's project. */
  parentId: integer('parent_id'),
  /** Not archived (configs, agreements, projects and their tasks), published (posts). */
  live: boolean('live').notNull(),
  title: text('title').notNull(),
  nameNorm: text('name_norm').notNull(),
  terms: text('terms').notNull(),
});
