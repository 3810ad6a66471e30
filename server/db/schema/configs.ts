import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { agreements } from './agreements';
import { companies } from './companies';

import { CONFIG_STATUSES } from '../../../contract/configs';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../../contract/projects';
import { byReader } from './collation';

// Spec section 3's design and project types and the config statuses are the contract's, which the app offers too.
export { CONFIG_STATUSES, DESIGN_TYPES, PROJECT_TYPES };

export const designTypeEnum = pgEnum('config_design_type', DESIGN_TYPES);
export const projectTypeEnum = pgEnum('config_project_type', PROJECT_TYPES);
export const configStatusEnum = pgEnum('config_status', CONFIG_STATUSES);

/**
 * A configurator. Stage data lives in config_meta (spec: stage_data_{slug}, stage_state_{slug},
 * internal_data_{slug}); `version` is bumped by every write so a write based on an older one is
 * refused (409), and `progress` is kept here so lists need no stage data.
 */
export const configs = pgTable(
  'configs',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    designType: designTypeEnum('design_type').notNull(),
    projectType: projectTypeEnum('project_type'),
    status: configStatusEnum('status').notNull().default('active'),
    progress: integer('progress').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** Enabled stage slugs (stage add/remove); the catalogue order decides how they are shown. */
    stages: text('stages').array().notNull(),
    /**
     * The stage versions the config is pinned to (issue 31, server/catalogue/): slug -> a version
     * staff published (2, 3, ...). A stage not named is on version 1, its file in schemas/stages/.
     * A config keeps its versions until staff upgrade it.
     */
    stageVersions: jsonb('stage_versions').$type<Record<string, number>>().notNull().default({}),
    projectManagerId: integer('project_manager_id').references(() => users.id, { onDelete: 'set null' }),
    accountManagerId: integer('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    // The order form the config was built from; it must be one of the config's company's
    // (configs.service.ts checks). Archiving keeps agreements, so only a deleted one clears it.
    agreementId: integer('agreement_id').references((): AnyPgColumn => agreements.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Lists filter by company and status and sort by name or date.
    index('configs_company_status_idx').on(t.companyId, t.status),
    index('configs_status_updated_idx').on(t.status, t.updatedAt),
    index('configs_status_name_idx').on(t.status, byReader(t.name)),
    check('configs_progress_range', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

/** Stage data, stage states and internal data of a config, one row per key. */
export const configMeta = pgTable(
  'config_meta',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id, { onDelete: 'cascade' }),
    metaKey: text('meta_key').notNull(),
    metaValue: jsonb('meta_value').notNull(),
  },
  (t) => [uniqueIndex('config_meta_config_key_idx').on(t.configId, t.metaKey)],
);

/**
 * One row per write: the engine's immer patches and inverse patches over the whole config (a
 * cascade's changes to other stages included), so history can show old and new values and a
 * revision can be restored by applying inverse patches.
 */
export const configRevisions = pgTable(
  'config_revisions',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stage: text('stage'),
    /** save | reset | restore | add_stage | remove_stage | import */
    action: text('action').notNull(),
    oldState: text('old_state'),
    newState: text('new_state'),
    patches: jsonb('patches').notNull().default([]),
    inversePatches: jsonb('inverse_patches').notNull().default([]),
    changedStages: text('changed_stages').array().notNull().default(sql`'{}'::text[]`),
    /** The revision a restore brought back. */
    restoredFrom: integer('restored_from'),
    /**
     * The file an import came from (history: "Imported from <file>"), kept by the restore of an
     * import too: such a revision wrote several stages and is restored whole. Null otherwise.
     */
    source: text('source'),
    /**
     * The changes as a history page lists them, big values left out (configs/configs.changes.ts);
     * NULL on revisions stored before migration 0008, whose page computes them from the patches.
     */
    changes: jsonb('changes'),
  },
  // History pages newest first per config.
  (t) => [index('config_revisions_config_id_idx').on(t.configId, t.id)],
);
