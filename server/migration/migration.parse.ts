/**
 * A legacy export as rows (server/migration/README.md "Format"). The content decides the format,
 * never the file name: text that parses as JSON with the expected lists is JSON; otherwise a CSV
 * whose header has a `record` column; anything else is refused with a message naming what was
 * expected. CSV is read by csv-parse's sync API (quotes, embedded commas and new lines, BOM).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { BadRequest } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import { RECORD_TYPES, type LegacyRow, type RecordType } from './migration.types';

/** Most rows one file may hold (a legacy dealer has a few thousand at most; the bench uses 5,000). */
export const MAX_ROWS = 20_000;


/** JSON list names (and a single `company` object) and the record each item is. */
const JSON_LISTS: Record<string, RecordType> = {
  company: 'company',
  companies: 'company',
  franchises: 'franchise',
  locations: 'location',
  departments: 'department',
  opening_hours: 'hours',
  hours: 'hours',
  users: 'user',
  domains: 'domain',
  news: 'news',
  offers: 'offer',
};

const isRecord = (v: string): v is RecordType => (RECORD_TYPES as readonly string[]).includes(v);

/** Field names as the mapping reads them: lower case, spaces and dashes as underscores. */
const fieldName = (k: string) => k.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** A JSON value as the text a CSV cell would hold (lists joined with `;`, as CSV writes them). */
function cellOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellOf).join(';');
  if (typeof v === 'object') return '';
  return String(v).trim();
}

function fieldsOf(item: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(item)) out[fieldName(k)] = cellOf(v);
  return out;
}

function fromJson(value: unknown): LegacyRow[] | null {
  const rows: LegacyRow[] = [];
  // A list of rows, each naming its record, like the CSV.
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const ref = `[${i}]`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw new BadRequest(interpolate(serverMessages.migration.bad_row, { ref }));
      const fields = fieldsOf(item as Record<string, unknown>);
      if (!isRecord(fields.record)) throw new BadRequest(interpolate(serverMessages.migration.unknown_record, { ref, record: fields.record ?? '' }));
      rows.push({ record: fields.record, ref, fields });
    });
    return rows;
  }
  if (!value || typeof value !== 'object') return null;
  const known = Object.keys(value).filter((k) => fieldName(k) in JSON_LISTS);
  if (!known.length) return null;
  for (const key of known) {
    const record = JSON_LISTS[fieldName(key)];
    const list = (value as Record<string, unknown>)[key];
    const items = Array.isArray(list) ? list : [list];
    items.forEach((item, i) => {
      const ref = Array.isArray(list) ? `${key}[${i}]` : key;
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw new BadRequest(interpolate(serverMessages.migration.bad_row, { ref }));
      rows.push({ record, ref, fields: fieldsOf(item as Record<string, unknown>) });
    });
  }
  return rows;
}

function fromCsv(text: string): LegacyRow[] | null {
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    return null;
  }
  const header = records[0]?.map(fieldName);
  if (!header || !header.includes('record')) return null;
  const rows: LegacyRow[] = [];
  for (let i = 1; i < records.length; i++) {
    // Line numbers as a spreadsheet shows them (the header is line 1); quoted new lines aside.
    const ref = `line ${i + 1}`;
    const fields: Record<string, string> = {};
    header.forEach((name, c) => {
      if (name) fields[name] = records[i][c] ?? '';
    });
    const record = fields.record.toLowerCase();
    if (!isRecord(record)) throw new BadRequest(interpolate(serverMessages.migration.unknown_record, { ref, record: fields.record }));
    rows.push({ record, ref, fields });
  }
  return rows;
}

/** The file's rows and its format; a 400 naming the problem when it is neither expected format. */
export function parseLegacyFile(content: string): { format: 'json' | 'csv'; rows: LegacyRow[] } {
  const text = content.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new BadRequest(serverMessages.migration.empty);
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    // Not JSON: try CSV below.
  }
  const rows = isJson ? fromJson(json) : fromCsv(text);
  if (!rows) throw new BadRequest(isJson ? serverMessages.migration.bad_json : serverMessages.migration.unknown_format);
  if (!rows.length) throw new BadRequest(serverMessages.migration.empty);
  if (rows.length > MAX_ROWS) throw new BadRequest(interpolate(serverMessages.migration.too_many_rows, { max: MAX_ROWS }));
  return { format: isJson ? 'json' : 'csv', rows };
}
