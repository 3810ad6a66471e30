/**
 * The legacy import's answers (issue 30, server/migration/README.md "API"): the report of
 * `POST /migration/dry-run` and of a finished import, and the import job of `POST /migration/imports`
 * and `GET /migration/jobs/{id}`. The server serialises with these schemas; the Migration page
 * (src/migration/api.ts) reads their types.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableString, text, texts } from './schema-parts';

/** The kinds of legacy row a file may hold, one per CSV row / JSON list item. */
export const RECORD_TYPES = ['company', 'franchise', 'location', 'department', 'hours', 'user', 'domain', 'news', 'offer'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** What the report says of one row. */
export const ROW_STATUSES = ['new', 'updated', 'unchanged', 'conflict', 'rejected', 'not_migrated', 'kept'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** The formats of a legacy file. */
export const MIGRATION_FORMATS = ['json', 'csv'] as const;

/** An import job's state: running, then done, failed or cancelled. */
export const JOB_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const count = { type: 'integer' } as const;

/** One row of the report. */
export const reportRow = {
  type: 'object',
  required: ['ref', 'record', 'name', 'status', 'stage'],
  properties: {
    /** Where it is in the file ("line 12", "locations[3]"). */
    ref: text,
    record: { type: 'string', enum: RECORD_TYPES },
    /** The row's own name (franchise, location, email, domain, title ...). */
    name: text,
    status: { type: 'string', enum: ROW_STATUSES },
    /** The stage it maps to, or `migration data` for news and offers. */
    stage: text,
    /** The existing item it matched, when it matched one. */
    target: text,
    /** Why it was rejected, not migrated, or what conflicts (existing data kept). */
    reason: text,
  },
  additionalProperties: false,
} as const;
export type ReportRow = FromSchema<typeof reportRow>;

/** The counts of one stage; `items`: every rejected, conflicting and not migrated row, the others up to ROWS_LISTED per stage. */
export const stageReport = {
  type: 'object',
  required: ['stage', 'rows', 'new', 'updated', 'unchanged', 'conflict', 'rejected', 'not_migrated', 'kept', 'items'],
  properties: {
    stage: text,
    rows: count,
    new: count,
    updated: count,
    unchanged: count,
    conflict: count,
    rejected: count,
    not_migrated: count,
    kept: count,
    items: { type: 'array', items: reportRow },
  },
  additionalProperties: false,
} as const;
export type StageReport = FromSchema<typeof stageReport>;

/** What an import does (or would do) to a config. */
export const migrationReport = {
  type: 'object',
  required: ['file', 'format', 'config', 'total_rows', 'notices', 'stages', 'changed_stages', 'rejected', 'conflicts'],
  properties: {
    file: text,
    format: { type: 'string', enum: MIGRATION_FORMATS },
    config: {
      type: 'object',
      required: ['id', 'guid', 'name', 'project_type', 'company'],
      properties: {
        id,
        guid: text,
        name: text,
        project_type: nullableString,
        company: { type: 'object', required: ['id', 'guid', 'name'], properties: { id, guid: text, name: text }, additionalProperties: false },
      },
      additionalProperties: false,
    },
    total_rows: count,
    /** Notices that do not stop the import (e.g. the config's project type is not auto-e-migration). */
    notices: texts,
    stages: { type: 'array', items: stageReport },
    /** Stages whose data the import would change. */
    changed_stages: texts,
    rejected: count,
    conflicts: count,
  },
  additionalProperties: false,
} as const;
export type MigrationReport = FromSchema<typeof migrationReport>;

/** An import job as the API answers it: rows processed of the total, then its result or error. */
export const importJob = {
  type: 'object',
  required: ['id', 'status', 'processed', 'total', 'file'],
  properties: {
    id: text,
    status: { type: 'string', enum: JOB_STATUSES },
    processed: count,
    total: count,
    file: text,
    result: {
      type: 'object',
      required: ['report', 'changed', 'version', 'revision_stage'],
      properties: { report: migrationReport, changed: { type: 'boolean' }, version: count, revision_stage: nullableString },
      additionalProperties: false,
    },
    error: { type: 'object', required: ['statusCode', 'message'], properties: { statusCode: count, message: text }, additionalProperties: false },
  },
  additionalProperties: false,
} as const;
export type ImportJobAnswer = FromSchema<typeof importJob>;
