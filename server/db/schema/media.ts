import { bytea } from './bytea';
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';
import { byReader } from './collation';

/**
 * An uploaded file. The bytes live in the database, so every server instance serves every file
 * and nothing is held in process memory; `thumbnail` is a small WebP made at upload.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    /** The name the uploader gave (display only; the type comes from the content). */
    filename: text('filename').notNull(),
    /** Detected from the bytes: image/jpeg, image/png, application/pdf, ... */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    alt: text('alt'),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail'),
    // A company's own files go with it: set null would make them shared, seen by every dealer.
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_created_at_idx').on(t.createdAt, t.id), index('media_filename_idx').on(byReader(t.filename))],
);
