import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Texts a stage version brings, per locale: i18n key (without the `configurator:` namespace) -> text. */
export type StageLabels = Record<string, Record<string, string>>;

/**
 * Published versions of a configurator stage (issue 31, server/catalogue/README.md). Version 1 of
 * every shipped stage is its file in schemas/stages/ (loaded at start, never stored); staff publish
 * 2, 3, ... A stage born in the editor (issue 56) has no file: its version 1 is stored here too
 * (migration 0030 lowered the check from 2 to 1; the service never stores 1 for a shipped slug).
 * Each row is the whole stage file, the texts it adds per locale, who published it, when and why: the
 * audit of every publish. A published version never changes (migration 0018 refuses UPDATE).
 */
export const stageVersions = pgTable(
  'stage_versions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    // json, not jsonb: jsonb reorders object keys, and a schema's property order is the form's
    // field order (migration 0019).
    file: json('file').$type<Record<string, unknown>>().notNull(),
    labels: jsonb('labels').$type<StageLabels>().notNull().default({}),
    note: text('note').notNull(),
    /** sha-256 of the file and labels as stored: the address the browser caches its validator by. */
    hash: text('hash').notNull(),
    /** The version this one was rolled back to (a rollback publishes an older version as new), else null. */
    rolledBackTo: integer('rolled_back_to'),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('stage_versions_slug_version_key').on(t.slug, t.version), check('stage_versions_version_check', sql`${t.version} >= 1`)],
);

/**
 * One draft per stage, shared by the staff editing it: `revision` moves on every save, and a save
 * or publish based on an older revision is refused (409), as stage writes are.
 */
export const stageDrafts = pgTable('stage_drafts', {
  slug: text('slug').primaryKey(),
  /** json as the versions' file: the key order staff wrote is the form's field order. */
  file: json('file').$type<unknown>().notNull(),
  labels: jsonb('labels').$type<StageLabels>().notNull().default({}),
  /** The published version the draft started from. */
  baseVersion: integer('base_version').notNull(),
  revision: integer('revision').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Compiled validator modules, by the sha-256 (32 hex digits) of their text (issue 53): what
 * GET /stage-validators/{hash}.js serves. Each instance compiles the versions it runs itself (it
 * must, to judge writes), but a browser's request for a module may reach any instance, also one
 * that has not compiled it: it is read from here. A published version's module is kept; a draft's
 * (the editor's preview) is one of the newest few hundred (catalogue.versions.ts prunes the rest).
 */
export const stageModules = pgTable(
  'stage_modules',
  {
    hash: text('hash').primaryKey(),
    text: text('text').notNull(),
    draft: boolean('draft').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stage_modules_draft_created_idx').on(t.draft, t.createdAt)],
);
