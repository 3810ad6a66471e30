/**
 * The dry run and the import (server/migration/README.md). Both parse the file, load the config as
 * the viewer sees it (tenancy), and plan the import in memory (migration.run.ts); the import then
 * stores the plan at once (configs.write-many.ts): one transaction, one version check, one revision
 * (action `import`, naming the file) covering every stage it changed.
 */
import { and, eq } from 'drizzle-orm';
import { deepEqual } from '../../engine';
import { configMeta } from '../db/schema';
import type { Tx } from '../db/database';
import type { Viewer } from '../db/tenancy';
import { Conflict, NotFound } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { findConfig } from '../configs/configs.service';
import { storeManyStageWrites } from '../configs/configs.write-many';
import type { LoadedConfig } from '../configs/configs.types';
import { parseLegacyFile } from './migration.parse';
import { planImport, type ImportPlan, type MigratedPost, type Progress } from './migration.run';
import type { LegacyRow, MigrationReport } from './migration.types';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

export interface MigrationBody {
  file: { name: string; content: string };
  config: string;
  company?: string;
  skip_rejected?: boolean;
}

/** The config's migration data (config meta `migration_data`, no stage: spec section 3 "Other"). */
export interface MigrationData {
  posts: MigratedPost[];
  imports: Array<{ version: number; file: string; at: string; rows: number }>;
}
const MIGRATION_DATA = 'migration_data';

/** The project type a legacy import is meant for (spec section 3). */
export const MIGRATION_PROJECT_TYPE = 'auto-e-migration';


/** The file and the config, checked: a 400 for a file of neither format, a 404 for a config the viewer does not see. */
export async function prepare(deps: Deps, viewer: Viewer, body: MigrationBody) {
  const parsed = parseLegacyFile(body.file.content);
  const loaded = await findConfig(deps, viewer, body.config, body.company);
  return { ...parsed, loaded };
}

async function migrationDataOf(deps: Deps, configId: number): Promise<MigrationData> {
  const [row] = await deps.db.select({ value: configMeta.metaValue }).from(configMeta).where(and(eq(configMeta.configId, configId), eq(configMeta.metaKey, MIGRATION_DATA)));
  const value = (row?.value ?? {}) as Partial<MigrationData>;
  return { posts: value.posts ?? [], imports: value.imports ?? [] };
}

/** The migration data with the file's recent posts added (null: none was new). */
function postsAdded(data: MigrationData, posts: MigratedPost[]): MigratedPost[] | null {
  const added = posts.filter((p) => !data.posts.some((q) => deepEqual(p, q)));
  return added.length ? [...data.posts, ...added] : null;
}

function reportOf(file: string, format: 'json' | 'csv', loaded: LoadedConfig, rows: LegacyRow[], plan: ImportPlan, postsNew: boolean): MigrationReport {
  const projectType = loaded.row.projectType ?? null;
  const notices =
    projectType === MIGRATION_PROJECT_TYPE
      ? []
      : // A config not yet given a type says so, rather than "its type is —".
        [projectType ? interpolate(serverMessages.migration.not_migration_project, { type: projectType }) : serverMessages.migration.no_project_type];
  return {
    file,
    format,
    config: { id: loaded.row.id, guid: loaded.row.guid, name: loaded.row.name, project_type: projectType, company: loaded.company },
    total_rows: rows.length,
    notices,
    stages: plan.stages,
    changed_stages: [...plan.changedStages, ...(postsNew ? ['migration data'] : [])],
    rejected: plan.stages.reduce((n, s) => n + s.rejected, 0),
    conflicts: plan.stages.reduce((n, s) => n + s.conflict, 0),
  };
}

/** The config's company as the engine's writes take it (findConfig reads its region with the config): a `visibleIf` reads it as `$company`. */
const companyOf = (loaded: LoadedConfig) => ({ region: loaded.company.region ?? null });

/** POST /migration/dry-run: what the import would do. Writes nothing. */
export async function dryRun(deps: Deps, viewer: Viewer, body: MigrationBody, today = new Date()): Promise<MigrationReport> {
  const { format, rows, loaded } = await prepare(deps, viewer, body);
  const plan = await planImport(loaded.snapshot, rows, [...viewer.permissions], today, undefined, companyOf(loaded));
  const data = await migrationDataOf(deps, loaded.row.id);
  return reportOf(body.file.name, format, loaded, rows, plan, postsAdded(data, plan.posts) !== null);
}

export interface ImportResult {
  report: MigrationReport;
  changed: boolean;
  version: number;
  revision_stage: string | null;
}

/**
 * The import: the plan stored at once, or nothing. Refused (409) while any row is rejected unless
 * `skip_rejected`; the same file again finds everything in place and writes nothing. `progress`
 * may throw (cancel) at any point before the one write; `claim` runs inside the write's transaction
 * with the result it will answer (the job marked done there) and may throw to stop the write.
 */
export async function runImport(
  deps: Deps,
  viewer: Viewer,
  prepared: Awaited<ReturnType<typeof prepare>>,
  body: MigrationBody,
  job: { progress?: Progress; claim?: (tx: Tx, result: ImportResult) => Promise<void> } = {},
  today = new Date(),
): Promise<ImportResult> {
  const { progress, claim } = job;
  const { format, rows, loaded } = prepared;
  const plan = await planImport(loaded.snapshot, rows, [...viewer.permissions], today, progress, companyOf(loaded));
  const data = await migrationDataOf(deps, loaded.row.id);
  const posts = postsAdded(data, plan.posts);
  const report = reportOf(body.file.name, format, loaded, rows, plan, posts !== null);
  if (report.rejected && !body.skip_rejected) throw new Conflict(interpolate(serverMessages.migration.rejected_rows, { count: report.rejected }));
  if (!plan.changedStages.length && !posts) return { report, changed: false, version: loaded.row.version, revision_stage: null };

  // The revision is listed under the first stage it changed; history names the file and restores every stage from it.
  const stage = plan.changedStages[0] ?? null;
  const version = loaded.snapshot.version + 1;
  const record = {
    key: MIGRATION_DATA,
    value: { posts: posts ?? data.posts, imports: [...data.imports, { version, file: body.file.name, at: new Date().toISOString(), rows: rows.length }] } satisfies MigrationData,
  };
  // A cancel that came in while the plan was finished off still stops it: this is the last moment before the write.
  await progress?.(rows.length);
  const result: ImportResult = { report, changed: true, version, revision_stage: stage };
  const within = claim ? (tx: Tx) => claim(tx, result) : undefined;
  const stored = await storeManyStageWrites(deps, viewer, loaded, plan, { action: 'import', stage, source: body.file.name }, [record], undefined, within);
  return { ...result, version: stored.row.version };
}

/** The config a job belongs to must still be one the viewer sees (a 404 otherwise, as for any config). */
export function notFound() {
  return new NotFound(serverMessages.not_found);
}
