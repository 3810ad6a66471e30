import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdminConfigType, InternalPage } from '../../../contract/adminconfigs';
import type { LocalNames } from '../../../contract/names';
import { users } from './accounts';

/** A layout's page as stored: `names` only when it has any (answers give `{}` for none). */
export type StoredPage = InternalPage & { names?: LocalNames };

/**
 * Configurator admin settings staff reuse across configs (spec sections 2 and 7: "Adminconfigs").
 * One table for every kind (`type`), so a later kind needs no migration; today only
 * 'internal-page-layout': a named, ordered set of internal pages, held in `data.pages`.
 * `position` orders the active rows of a type 1..N (PUT /adminconfigs/{id}/sort); an archived row
 * leaves the order (position null) and is kept, since configs name the layout they came from.
 * A page of `data.pages` may carry `names` too (its name in other locales; none stored: `{}` in answers).
 */
export const adminConfigs = pgTable(
  'admin_configs',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    type: text('type').$type<AdminConfigType>().notNull(),
    name: text('name').notNull(),
    /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
    names: jsonb('names').$type<LocalNames>().notNull().default({}),
    position: integer('position'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    data: jsonb('data').$type<{ pages: StoredPage[] }>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among the active rows of a type, whatever their case; an archived name may be used again.
    uniqueIndex('admin_configs_active_name_idx').on(t.type, sql`lower(${t.name})`).where(sql`${t.archivedAt} IS NULL`),
    index('admin_configs_type_position_idx').on(t.type, t.position),
  ],
);
