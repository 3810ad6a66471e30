import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalNames } from '../../../contract/names';

/** A vocabulary: `type` (company types), `region`, `make`, `partner`. */
export const taxonomies = pgTable('taxonomies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

/** A term of a taxonomy. Some ids are fixed (region/type ids are part of the API contract). */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    taxonomyId: integer('taxonomy_id')
      .notNull()
      .references(() => taxonomies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
    names: jsonb('names').$type<LocalNames>().notNull().default({}),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('terms_taxonomy_slug_idx').on(t.taxonomyId, t.slug)],
);
