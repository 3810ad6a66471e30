/**
 * The types the migration area's files share (imports none of them). A legacy file, JSON or CSV,
 * becomes a list of rows of one shape (`LegacyRow`); the mapping turns them into stage data and a
 * report (server/migration/README.md).
 */

import type { RecordType } from '../../contract/migration';

// The report's rows and counts are the API's answer: written once, in contract/migration.ts.
export { RECORD_TYPES, type MigrationReport, type RecordType, type ReportRow, type RowStatus, type StageReport } from '../../contract/migration';

/** One legacy row: its kind, where it is in the file ("line 12", "locations[3]") and its fields as text. */
export interface LegacyRow {
  record: RecordType;
  ref: string;
  fields: Record<string, string>;
}
