/**
 * The import plan: every stage's mapping run through the engine's writeStage IN MEMORY, each on the
 * result of the one before, exactly as typed writes would be (rules, cascades, checks, states).
 * Rows the engine refuses are taken out with the engine's message and the stage is mapped again;
 * nothing here touches the database, so the dry run and the import share it (migration.service.ts
 * stores its result with one storeWrite).
 */
import type { Patch } from 'immer';
import { writeStage, type ConfigSnapshot, type DefaultsContext, type StageState } from '../../engine';
import { interpolate, serverMessages } from '../messages';
import { legacyDate, norm, threeMonthsBefore } from './migration.fields';
import { STAGE_MAPPERS } from './migration.stages';
import type { LegacyRow, ReportRow, StageReport } from './migration.types';

/** A legacy news item or offer kept as the config's migration data. */
export interface MigratedPost {
  kind: 'news' | 'offer';
  title: string;
  date: string;
  text?: string;
}

export interface ImportPlan {
  config: ConfigSnapshot;
  changedStages: string[];
  patches: Patch[];
  inversePatches: Patch[];
  stages: StageReport[];
  /** Recent news and offers (kept as migration data); older ones are reported as not migrated. */
  posts: MigratedPost[];
}

/** Called after each stage with the rows done so far; it may throw to stop (cancel). */
export type Progress = (processed: number) => Promise<void>;

/** New, updated and unchanged rows listed per stage in the report (the counts cover them all). */
export const ROWS_LISTED = 100;
/** The engine is asked again at most this often per stage after taking refused rows out. */
const MAX_ATTEMPTS = 20;

export function stageReport(stage: string, rows: ReportRow[]): StageReport {
  const count = (s: ReportRow['status']) => rows.filter((r) => r.status === s).length;
  const shown = new Map<string, number>();
  const items = rows.filter((r) => {
    if (!['new', 'updated', 'unchanged'].includes(r.status)) return true;
    const n = shown.get(r.status) ?? 0;
    shown.set(r.status, n + 1);
    return n < ROWS_LISTED;
  });
  return {
    stage,
    rows: rows.length,
    new: count('new'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    conflict: count('conflict'),
    rejected: count('rejected'),
    not_migrated: count('not_migrated'),
    kept: count('kept'),
    items,
  };
}

/** An engine error's pointer covers a row's change when one is inside the other. */
const covers = (error: string, placed: string) => error === placed || placed.startsWith(`${error}/`) || error.startsWith(`${placed}/`);

/** News and offers: recent ones kept as migration data, older than 3 months not migrated (spec section 9). */
function mapPosts(rows: LegacyRow[], today: Date): { posts: MigratedPost[]; report: ReportRow[] } {
  const since = threeMonthsBefore(today);
  const posts: MigratedPost[] = [];
  const report: ReportRow[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const title = (r.fields.title ?? '').trim();
    const date = legacyDate(r.fields.date ?? r.fields.published);
    const base = { ref: r.ref, record: r.record, name: title, stage: 'migration data' };
    if (!title) report.push({ ...base, status: 'rejected', reason: serverMessages.migration.no_title });
    else if (!date) report.push({ ...base, status: 'rejected', reason: interpolate(serverMessages.migration.bad_date, { date: r.fields.date ?? r.fields.published ?? '' }) });
    else if (date < since) report.push({ ...base, status: 'not_migrated', reason: serverMessages.migration.older_than_three_months });
    else {
      const key = `${r.record}|${norm(title)}|${date.toISOString().slice(0, 10)}`;
      if (!seen.has(key)) {
        seen.add(key);
        posts.push({ kind: r.record as 'news' | 'offer', title, date: date.toISOString().slice(0, 10), ...(r.fields.text ? { text: r.fields.text } : {}) });
      }
      report.push({ ...base, status: 'kept' });
    }
  }
  return { posts, report };
}

/** Maps and writes (in memory) every stage the file has rows for, in STAGE_ORDER. */
export async function planImport(base: ConfigSnapshot, rows: LegacyRow[], permissions: readonly string[], today: Date, progress?: Progress, company?: DefaultsContext): Promise<ImportPlan> {
  let config = base;
  const patches: Patch[] = [];
  let inversePatches: Patch[] = [];
  const changed = new Set<string>();
  const stages: StageReport[] = [];
  let processed = 0;
  for (const { slug, records, map } of STAGE_MAPPERS) {
    const stageRows = rows.filter((r) => records.includes(r.record));
    if (!stageRows.length) continue;
    let active = stageRows;
    const refused: ReportRow[] = [];
    let report: ReportRow[] = [];
    for (let attempt = 0; ; attempt++) {
      const mapping = map(active, config.doc);
      report = mapping.rows;
      if (!mapping.data) break;
      // `company`: the config's company's region, which a `visibleIf` reads as `$company`.
      const r = writeStage({ config, slug, data: mapping.data, state: (config.states[slug] ?? 'draft') as StageState, permissions, baseVersion: config.version, action: 'save', context: company });
      if (r.ok) {
        if (r.changed) {
          config = r.config;
          patches.push(...r.patches);
          inversePatches = [...r.inversePatches, ...inversePatches];
          r.changedStages.forEach((s) => changed.add(s));
        }
        break;
      }
      // Pin the engine's errors on the rows whose change they are about.
      const bad = new Map<string, string>();
      for (const e of r.status === 422 ? r.errors : []) {
        for (const p of mapping.placed) {
          if (!e.path || !covers(e.path, p.path) || bad.has(p.ref)) continue;
          // The field inside the row's item the engine names ("postcode: at most 12 characters").
          const field = e.path.startsWith(`${p.path}/`) ? e.path.slice(p.path.length + 1).split('/').filter((x) => !/^\d+$/.test(x)).join('.') : '';
          bad.set(p.ref, field && !e.message.toLowerCase().includes(field.split('.').pop()!.toLowerCase()) ? `${field}: ${e.message}` : e.message);
        }
      }
      const whole = bad.size === 0 || attempt >= MAX_ATTEMPTS;
      // Errors no row explains (the stage is not in the config, its gate is closed): every row that changed something is refused.
      if (whole) for (const p of mapping.placed) if (!bad.has(p.ref)) bad.set(p.ref, r.errors[0]?.message ?? r.message);
      for (const row of mapping.rows) if (bad.has(row.ref)) refused.push({ ...row, status: 'rejected', reason: bad.get(row.ref) });
      active = active.filter((row) => !bad.has(row.ref));
      if (whole) {
        report = mapping.rows.filter((row) => !bad.has(row.ref));
        break;
      }
    }
    // In the file's order.
    const order = new Map(stageRows.map((row, i) => [row.ref, i]));
    stages.push(stageReport(slug, [...report, ...refused].sort((a, b) => (order.get(a.ref) ?? 0) - (order.get(b.ref) ?? 0))));
    processed += stageRows.length;
    await progress?.(processed);
  }
  const postRows = rows.filter((r) => r.record === 'news' || r.record === 'offer');
  const { posts, report } = mapPosts(postRows, today);
  if (postRows.length) stages.push(stageReport('migration data', report));
  await progress?.(rows.length);
  return { config, changedStages: [...changed], patches, inversePatches, stages, posts };
}
