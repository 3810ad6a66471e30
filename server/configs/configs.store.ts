/**
 * Loading a config as the engine's snapshot and storing what the engine returns. Kept apart from
 * the HTTP-facing service so the seed writes demo configs through exactly the same path.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { ConfigDocument, StageState } from '../../engine';
import type { Db, Tx } from '../db/database';
import { companies, configMeta, configs, users } from '../db/schema';
import { Stale } from '../domain-errors';
import { serverMessages } from '../messages';
import type { ConfigCache } from './configs.cache';
import type { ContactRow, LoadedConfig } from './configs.types';
import { changesOf, listedChanges } from './configs.changes';
import { splitSecrets } from './configs.secrets';
import type { CompanyNumbers } from './configs.company-numbers';
import { inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import { parseKey, whereKey } from '../http/ids';
import { prepared } from '../db/prepared';
import { companyRegion } from './configs.region';
import { pinnedCatalogue } from '../catalogue/catalogue.versions';

/**
 * The condition for a path id that may be a numeric id or a guid (design: "A path id may be a
 * numeric id or a guid"); null when it is neither, which callers answer as 404.
 */
export const keyCondition = (key: string, id: typeof configs.id | typeof companies.id, guid: typeof configs.guid | typeof companies.guid): SQL | null =>
  whereKey(key, id, guid);

const pm = alias(users, 'pm');
const am = alias(users, 'am');
/** Turns a statement into text and parameters (storeWrite prepares its statement itself). */
const dialect = new PgDialect();

// Every meta row in the same statement as the config row: one round trip, and one consistent
// snapshot (a write committing in between cannot pair a version with other data).
const metaRows = sql<Array<[string, unknown]> | null>`(SELECT json_agg(json_build_array(${configMeta.metaKey}, ${configMeta.metaValue})) FROM ${configMeta} WHERE ${configMeta.configId} = ${configs.id})`;

/**
 * The config `key` (id or guid) if the viewer may see it, else null. `companyKey` (from
 * /companies/{guid}/configs/{guid}) must then be the config's company. `withMeta: false` skips
 * the stage data (history, mail). With `cache`, stage data kept for the row's version is taken
 * from there and only the row is read (configs.cache.ts); what is read is kept.
 */
export async function loadConfig(
  db: Db,
  viewer: Viewer,
  key: string,
  opts: { companyKey?: string; withMeta?: boolean; cache?: ConfigCache } = {},
): Promise<LoadedConfig | null> {
  const byKey = parseKey(key);
  const byCompany = opts.companyKey === undefined ? undefined : parseKey(opts.companyKey);
  if (!byKey || byCompany === null) return null;
  const withMeta = opts.withMeta !== false;
  const cache = withMeta ? opts.cache : undefined;
  const scoped = !seesAllCompanies(viewer);
  // Every stage write and config read runs this: built and planned once per shape (which key, which
  // company key, scoped or not, with or without the stage data), server/db/prepared.ts.
  const query = (meta: boolean) => {
    const keyBy = byKey.guid !== undefined ? 'guid' : 'id';
    const companyBy = byCompany === undefined ? 'any' : byCompany.guid !== undefined ? 'guid' : 'id';
    const name = `config_by_${keyBy}_company_${companyBy}${scoped ? '_member' : ''}${meta ? '_meta' : ''}`;
    const statement = prepared(db, name, (statementName) =>
      db
        .select({
          row: configs,
          company: { id: companies.id, guid: companies.guid, name: companies.name, region: companyRegion(companies.id) },
          pm: { id: pm.id, name: pm.name, email: pm.email, avatar: pm.avatar, telephone: pm.telephone, position: pm.position },
          am: { id: am.id, name: am.name, email: am.email, avatar: am.avatar, telephone: am.telephone, position: am.position },
          meta: meta ? metaRows : sql<null>`null`,
        })
        .from(configs)
        .innerJoin(companies, eq(companies.id, configs.companyId))
        .leftJoin(pm, eq(pm.id, configs.projectManagerId))
        .leftJoin(am, eq(am.id, configs.accountManagerId))
        .where(
          and(
            keyBy === 'guid' ? eq(configs.guid, sql.placeholder('key')) : eq(configs.id, sql.placeholder('key')),
            companyBy === 'any' ? undefined : companyBy === 'guid' ? eq(companies.guid, sql.placeholder('company')) : eq(companies.id, sql.placeholder('company')),
            scoped ? inCurrentCompany(sql.placeholder('viewer'), configs.companyId) : undefined,
          ),
        )
        .prepare(statementName),
    );
    return statement.execute({ key: byKey.guid ?? byKey.id, company: byCompany?.guid ?? byCompany?.id, viewer: viewer.id });
  };

  type Found = Awaited<ReturnType<typeof query>>[number];
  const headOf = (f: Found) => ({
    row: f.row,
    company: f.company,
    // A left join without a match gives a contact of nulls.
    projectManager: f.pm?.id == null ? null : (f.pm as ContactRow),
    accountManager: f.am?.id == null ? null : (f.am as ContactRow),
  });

  // Kept here: the row alone, then its stage data from memory if the version is still the same.
  const keptId = cache?.idOf(key);
  let [found] = await query(withMeta && keptId === undefined);
  if (!found) return null;
  if (cache && keptId !== undefined) {
    const kept = cache.get(found.row.id, found.row.version);
    if (kept) return { ...kept, ...headOf(found), snapshot: { ...kept.snapshot, version: found.row.version, stages: found.row.stages } };
    [found] = await query(true);
    if (!found) return null;
  }

  const doc: ConfigDocument = {};
  const states: Record<string, StageState> = {};
  const internal: Record<string, Record<string, unknown>> = {};
  for (const [metaKey, value] of found.meta ?? []) {
    const [, kind, slug] = /^(stage_data|stage_state|internal_data)_(.+)$/.exec(metaKey) ?? [];
    if (kind === 'stage_data') doc[slug] = value as Record<string, unknown>;
    else if (kind === 'stage_state') states[slug] = value as StageState;
    else if (kind === 'internal_data') internal[slug] = value as Record<string, unknown>;
  }
  // The engine and every answer see secrets masked ("set"); only secrets.ts reads `sealed`.
  const catalogue = await pinnedCatalogue(db, found.row.stageVersions);
  const { doc: masked, sealed } = splitSecrets(doc, catalogue);
  const loaded: LoadedConfig = {
    ...headOf(found),
    snapshot: { version: found.row.version, doc: masked, states, stages: found.row.stages, catalogue },
    internal,
    sealed,
  };
  if (cache) cache.put(loaded);
  return loaded;
}

export interface RevisionInput {
  userId: number | null;
  stage: string | null;
  /** `import`: a legacy dealer file, every stage it changed in one revision (server/migration). */
  /** `upgrade`: staff moved the stage to a later published version (server/catalogue/). */
  /** `request_changes`: staff sent a submitted stage back to the dealer as a draft (configs.request-changes.ts), `source` holding their message. */
  action: 'save' | 'reset' | 'restore' | 'add_stage' | 'remove_stage' | 'import' | 'upgrade' | 'request_changes';
  oldState?: StageState | null;
  newState?: StageState | null;
  patches?: unknown[];
  inversePatches?: unknown[];
  changedStages?: string[];
  restoredFrom?: number | null;
  /** The file an import came from (history: "Imported from <file>"). */
  source?: string | null;
}

export interface StoredWrite {
  configId: number;
  /** The version the change was computed from; the write is refused if the row moved on. */
  baseVersion: number;
  progress: number;
  /**
   * Meta rows to write: `value` (`undefined` deletes the row), or `patches` (immer's, relative to
   * the row's value) applied to the stored value by the database (portal_jsonb_patch, migration
   * 0007): a one-field edit of a big stage then sends the field, not the whole stage. Only for a
   * row that holds the data of `baseVersion` (the version check guarantees it is still that).
   */
  meta: Array<{ key: string; value: unknown } | { key: string; patches: Array<{ op: string; path: Array<string | number>; value?: unknown }> }>;
  stages?: string[];
  /** The config's new stage pins (a stage added, an upgrade: server/catalogue/); absent: unchanged. */
  stageVersions?: Record<string, number>;
  revision: RevisionInput;
  /** The company's registration and VAT numbers to set with the write (configs.company-numbers.ts); null: none. */
  company?: CompanyNumbers | null;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Stores one change atomically, in ONE statement (a single statement is its own transaction, and
 * one round trip keeps a stage write inside its time budget): bumps the version only if it is
 * still `baseVersion`, then upserts the changed meta rows, deletes the emptied ones and appends
 * the revision, each of those reading the bumped row, so a write that lost a race to a concurrent
 * one (PostgreSQL re-checks the version after waiting for the row lock) writes nothing and is a
 * 409. Returns the new version.
 */
export async function storeWrite(db: Db | Tx, write: StoredWrite): Promise<number> {
  const r = write.revision;
  const payload = JSON.stringify({
    upsert: write.meta.filter((m) => 'patches' in m || m.value !== undefined),
    delete: write.meta.filter((m) => !('patches' in m) && m.value === undefined).map((m) => m.key),
    stages: write.stages ?? null,
    stageVersions: write.stageVersions ?? null,
    company: write.company ?? null,
    revision: {
      userId: r.userId, stage: r.stage, action: r.action, oldState: r.oldState ?? null, newState: r.newState ?? null,
      patches: r.patches ?? [], inversePatches: r.inversePatches ?? [], changedStages: r.changedStages ?? [], restoredFrom: r.restoredFrom ?? null, source: r.source ?? null,
      // As a history page lists them (configs.changes.ts): the page then never reads the patches.
      changes: listedChanges(changesOf(r.patches ?? [], r.inversePatches ?? [])),
    },
  });
  // Built and planned once per connection (server/db/prepared.ts): the statement is long, and
  // PostgreSQL planned it again for every write (issue 32: writes under contention).
  const statement = prepared(db, 'config_store_write', (name) => db._.session.prepareQuery(dialect.sqlToQuery(sql`
    WITH input AS (SELECT ${sql.placeholder('payload')}::jsonb AS p),
    bumped AS (
      UPDATE configs SET version = configs.version + 1, progress = ${sql.placeholder('progress')}, updated_at = now(),
        stages = CASE WHEN jsonb_typeof(input.p->'stages') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(input.p->'stages')) ELSE configs.stages END,
        stage_versions = CASE WHEN jsonb_typeof(input.p->'stageVersions') = 'object' THEN input.p->'stageVersions' ELSE configs.stage_versions END
      FROM input
      WHERE configs.id = ${sql.placeholder('configId')} AND configs.version = ${sql.placeholder('baseVersion')}
      RETURNING configs.id, configs.version
    ),
    upserted AS (
      INSERT INTO config_meta (config_id, meta_key, meta_value)
      SELECT bumped.id, m.key, CASE WHEN m.patches IS NULL THEN m.value
        -- The row as the statement began (no other write to this config can commit in between:
        -- it would have moved the version). A missing row gives NULL: refused by NOT NULL.
        ELSE portal_jsonb_patch((SELECT c.meta_value FROM config_meta c WHERE c.config_id = bumped.id AND c.meta_key = m.key), m.patches) END
      FROM bumped, input, jsonb_to_recordset(input.p->'upsert') AS m(key text, value jsonb, patches jsonb)
      ON CONFLICT (config_id, meta_key) DO UPDATE SET meta_value = excluded.meta_value
      RETURNING 1
    ),
    removed AS (
      DELETE FROM config_meta USING bumped, input
      WHERE config_meta.config_id = bumped.id AND config_meta.meta_key IN (SELECT jsonb_array_elements_text(input.p->'delete'))
      RETURNING 1
    ),
    company_numbers AS (
      -- The company follows its config's company information (a number not filled in is left as it is).
      UPDATE companies SET
        reg_number = COALESCE(input.p->'company'->>'regNumber', companies.reg_number),
        vat_number = COALESCE(input.p->'company'->>'vatNumber', companies.vat_number),
        updated_at = now()
      FROM bumped, input
      WHERE jsonb_typeof(input.p->'company') = 'object'
        AND companies.id = (SELECT c.company_id FROM configs c WHERE c.id = bumped.id)
      RETURNING 1
    ),
    revision AS (
      INSERT INTO config_revisions (config_id, version, user_id, stage, action, old_state, new_state, patches, inverse_patches, changed_stages, restored_from, source, changes)
      SELECT bumped.id, bumped.version, (rv->>'userId')::int, rv->>'stage', rv->>'action', rv->>'oldState', rv->>'newState',
        rv->'patches', rv->'inversePatches', ARRAY(SELECT jsonb_array_elements_text(rv->'changedStages')), (rv->>'restoredFrom')::int, rv->>'source', rv->'changes'
      FROM bumped, (SELECT p->'revision' AS rv FROM input) AS r
      RETURNING 1
    )
    SELECT version FROM bumped`), undefined, name, false));
  const result = await statement.execute({ payload, progress: write.progress, configId: write.configId, baseVersion: write.baseVersion });
  const [bumped] = rowsOf<{ version: number }>(result);
  if (!bumped) {
    const [current] = await db.select({ version: configs.version }).from(configs).where(eq(configs.id, write.configId));
    throw new Stale(current?.version ?? write.baseVersion, serverMessages.configs.stale);
  }
  return Number(bumped.version);
}
