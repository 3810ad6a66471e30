/**
 * The types the migration area's files share (imports none of them). A legacy file, JSON or CSV,
 * becomes a list of rows of one shape (`LegacyRow`); the mapping turns them into stage data and a
 * report (server/migration/README.md).
 */

/** The kinds of legacy row a file may hold, one per CSV row / JSON list item. */
export const RECORD_TYPES = ['company', 'franchise', 'location', 'department', 'hours', 'user', 'domain', 'news', 'offer'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** One legacy row: its kind, where it is in the file ("line 12", "locations[3]") and its fields as text. */
export interface LegacyRow {
  record: RecordType;
  ref: string;
  fields: Record<string, string>;
}

/** What the report says of one row. */
export type RowStatus = 'new' | 'updated' | 'unchanged' | 'conflict' | 'rejected' | 'not_migrated' | 'kept';

export interface ReportRow {
  ref: string;
  record: RecordType;
  /** The row's own name (franchise, location, email, domain, title ...). */
  name: string;
  status: RowStatus;
  /** The stage it maps to, or `migration data` for news and offers. */
  stage: string;
  /** The existing item it matched, when it matched one. */
  target?: string;
  /** Why it was rejected, not migrated, or what conflicts (existing data kept). */
  reason?: string;
}

export interface StageReport {
  stage: string;
  rows: number;
  new: number;
  updated: number;
  unchanged: number;
  conflict: number;
  rejected: number;
  not_migrated: number;
  kept: number;
  /** Every rejected, conflicting and not migrated row; the others up to ROWS_LISTED per stage. */
  items: ReportRow[];
}

export interface MigrationReport {
  file: string;
  format: 'json' | 'csv';
  config: { id: number; guid: string; name: string; project_type: string | null; company: { id: number; guid: string; name: string } };
  total_rows: number;
  /** Notices that do not stop the import (e.g. the config's project type is not auto-e-migration). */
  notices: string[];
  stages: StageReport[];
  /** Stages whose data the import would change. */
  changed_stages: string[];
  rejected: number;
  conflicts: number;
}
