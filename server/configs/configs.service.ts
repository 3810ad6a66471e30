/**
 * The configurator API (spec section 7): create, read, stage writes, stage add/remove, archive,
 * delete, the stage catalogue. Every query goes through the tenancy helper; a config the viewer
 * may not see is the same 404 as one that does not exist.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { applyStagePatches, catalogueWith, configProgress, hasStage, stageCatalogue, StagePatchError, withCatalogue, type StagePatch, type StageState } from '../../engine';
import { agreements, companies, configs, permissions, rolePermissions, userRoles, users } from '../db/schema';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../contract/projects';
import { BadRequest, NotFound, Stale, Invalid } from '../domain-errors';
import { serverMessages } from '../messages';
import { cleanJson, cleanJsonReport, cleanName } from '../http/clean-text';
import { keyCondition, loadConfig, storeWrite } from './configs.store';
import { currentPins, newConfigStages, newestBornVersion, pinnedCatalogue, publishedBornDefinitions } from '../catalogue/catalogue.versions';
import type { LoadedConfig } from './configs.types';
import { configView, stageVisible } from './configs.view';
import { stageSetsCatalogue, stagesForNewConfig } from './configs.stage-sets';
import { commitStageWrite, type AnswerOptions } from './configs.write';
import { prefillCompanyStage } from './configs.prefill';
import { companyScope, CROSS_COMPANY, type Viewer } from '../db/tenancy';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

export const notFound = () => new NotFound(serverMessages.not_found);

/** The config if the viewer may see it (and it belongs to `companyKey` when given), else 404. */
export async function findConfig(deps: Deps, viewer: Viewer, key: string, companyKey?: string, withMeta = true): Promise<LoadedConfig> {
  const found = await loadConfig(deps.db, viewer, key, { companyKey, withMeta, cache: deps.configCache });
  if (!found) throw notFound();
  return found;
}

export interface CreateConfigBody {
  config?: {
    name?: string | null;
    design_type?: string | null;
    project_type?: string | null;
    project_manager_id?: number | null;
    account_manager_id?: number | null;
    agreement_id?: number | null;
  };
  lang?: string | null;
}

/** POST /companies/{guid}/configs: a new config, version 1, with the stage set of its project and design type (every stage without a project type). */
export async function createConfig(deps: Deps, viewer: Viewer, companyKey: string, body: CreateConfigBody) {
  const input = body.config ?? {};
  const name = cleanName(input.name ?? '').trim();
  const missing = [!name && 'config.name', !input.design_type && 'config.design_type'].filter((f): f is string => Boolean(f));
  if (missing.length) throw new Invalid(serverMessages.configs.required, missing.map((field) => ({ detail: serverMessages.configs.required, field })));

  const byCompany = keyCondition(companyKey, companies.id, companies.guid);
  const [company] = byCompany ? await deps.db.select({ id: companies.id }).from(companies).where(and(byCompany, companyScope(viewer, companies.id))) : [];
  if (!company) throw notFound();

  const managers = { project_manager_id: input.project_manager_id ?? null, account_manager_id: input.account_manager_id ?? null };
  await checkManagers(deps, managers);
  await checkAgreement(deps, input.agreement_id, company.id);

  // Published born stages join as shipped ones do (configs.stage-sets.ts: "all" is every stage).
  const stages = stagesForNewConfig(input.project_type, input.design_type, await newConfigStages(deps.db));
  // A new config starts on the newest published version of each of its stages (issue 31).
  const current = await currentPins(deps.db);
  const stageVersions = Object.fromEntries(Object.entries(current).filter(([slug]) => stages.includes(slug)));
  const [row] = await deps.db
    .insert(configs)
    .values({
      name,
      companyId: company.id,
      designType: input.design_type as (typeof DESIGN_TYPES)[number],
      projectType: (input.project_type || null) as (typeof PROJECT_TYPES)[number] | null,
      stages,
      stageVersions,
      progress: configProgress({ version: 1, doc: {}, states: {}, stages }).progress,
      projectManagerId: managers.project_manager_id,
      accountManagerId: managers.account_manager_id,
      agreementId: input.agreement_id ?? null,
      createdBy: viewer.id,
    })
    .returning({ id: configs.id });
  const load = () => findConfig(deps, viewer, String(row.id));
  // A company in stage 'created' gets its registered details in the company-information stage.
  const created = await prefillCompanyStage(deps, viewer, await load(), load);
  return { ...configView(created, viewer), message: serverMessages.configs.created };
}

/**
 * A config's project and account manager must be existing staff users: someone who works across
 * companies (tenancy's CROSS_COMPANY permissions). The config page shows its managers' email and
 * telephone to the config's company and mails them its messages, so naming another company's
 * dealer would hand that dealer's contact details to this company (and this company's messages
 * to them). A user who does not exist keeps the older answer ('Please choose an existing user.').
 */
async function checkManagers(deps: Deps, managers: { project_manager_id: number | null; account_manager_id: number | null }) {
  const wanted = Object.values(managers).filter((id): id is number => id !== null);
  if (!wanted.length) return;
  const found = new Set((await deps.db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))).map((u) => u.id));
  const staff = new Set(
    (
      await deps.db
        .selectDistinct({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(and(inArray(userRoles.userId, wanted), inArray(permissions.name, [...CROSS_COMPANY])))
    ).map((u) => u.id),
  );
  const words = { project_manager_id: serverMessages.configs.project_manager_invalid, account_manager_id: serverMessages.configs.account_manager_invalid };
  const refused = (Object.entries(managers) as Array<[keyof typeof words, number | null]>)
    .filter(([, id]) => id !== null && !staff.has(id))
    .map(([field, id]) => ({ detail: found.has(id!) ? words[field] : serverMessages.configs.unknown_user, field: `config.${field}` }));
  if (refused.length) throw new Invalid(refused[0].detail, refused);
}

/**
 * `agreement_id` must name an agreement of the config's company (issue 27): another company's
 * agreement, or one that does not exist, is the same 422, so the answer tells nothing of other
 * companies' agreements. The column is a foreign key as well (on delete set null).
 */
async function checkAgreement(deps: Deps, agreementId: number | null | undefined, companyId: number) {
  if (agreementId == null) return;
  const [found] = await deps.db.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.id, agreementId), eq(agreements.companyId, companyId)));
  if (found) return;
  const detail = serverMessages.configs.agreement_invalid;
  throw new Invalid(detail, [{ detail, field: 'config.agreement_id' }]);
}

/** GET /companies/{guid}/configs/{guid} and GET /configs/{id}. */
export async function getConfig(deps: Deps, viewer: Viewer, key: string, companyKey?: string) {
  const load = () => findConfig(deps, viewer, key, companyKey);
  // First opened (a config made before the company's details were, or by someone who could not
  // write the stage): a 'created' company's details go in now; a no-op once the stage has data.
  return configView(await prefillCompanyStage(deps, viewer, await load(), load), viewer);
}

export interface StageWriteBody {
  slug: string;
  data?: Record<string, unknown>;
  /** Instead of `data`: the edit, against the stage's data at `version` (engine/rules/stage-patch.ts). */
  patches?: StagePatch[];
  state: StageState;
  action?: 'save' | 'reset';
  version: number;
  internal_data?: Record<string, unknown>;
}

/**
 * The stage's data as stored at `version` with `patches` applied: what the client holds, without
 * its sending the whole stage. Patches only mean something against the version they were made on,
 * so any other is a 409 (the client reloads), and patches that do not fit that data are a 422.
 * An unknown stage is left to the engine (404, as for data), and so is one the viewer may not see.
 */
function patchedStage(viewer: Viewer, loaded: LoadedConfig, slug: string, patches: StagePatch[], version: number): unknown {
  // A stage the viewer may not see is refused by the engine (403) before anything reads its data.
  if (!withCatalogue(loaded.snapshot.catalogue, () => hasStage(slug)) || !stageVisible(viewer, slug, loaded.snapshot.catalogue)) return undefined;
  if (version !== loaded.row.version) throw new Stale(loaded.row.version, serverMessages.configs.stale);
  try {
    return applyStagePatches(loaded.snapshot.doc[slug] ?? {}, patches);
  } catch (err) {
    if (!(err instanceof StagePatchError)) throw err;
    const words = serverMessages.configs.patch_refused;
    const message = words.replace('{{detail}}', err.message);
    throw new Invalid(message, [{ detail: message, field: `/patches/${err.index}` }]);
  }
}

/** PUT /companies/{guid}/configs/{guid}: one stage write through the engine. */
export async function writeConfigStage(deps: Deps, viewer: Viewer, companyKey: string, key: string, body: StageWriteBody, answer: AnswerOptions = {}) {
  const loaded = await findConfig(deps, viewer, key, companyKey);
  if (body.data !== undefined && body.patches !== undefined) throw new BadRequest(serverMessages.configs.data_or_patches);
  const sent = body.patches !== undefined ? cleanJsonReport(body.patches) : body.data === undefined ? undefined : cleanJsonReport(body.data);
  return commitStageWrite(
    deps,
    viewer,
    loaded,
    {
      slug: body.slug,
      data: body.patches !== undefined ? patchedStage(viewer, loaded, body.slug, sent!.value as StagePatch[], body.version) : sent?.value,
      state: body.state,
      action: body.action ?? 'save',
      version: body.version,
      internalData: body.internal_data === undefined ? undefined : cleanJson(body.internal_data),
    },
    { action: body.action ?? 'save' },
    // Data cleaned on the way in is not what the client holds: it gets it back whatever it asked.
    { ...answer, echo: answer.echo !== false || sent === undefined || sent.changed },
  );
}

/**
 * POST /configs/{guid}/stage/add|remove/{slug} ('manage configs'): the enabled stages change, data
 * is kept (adding a stage back brings it back), and the change is a revision in the history.
 */
export async function changeConfigStages(deps: Deps, viewer: Viewer, key: string, slug: string, add: boolean) {
  // A stage born in the editor may be added once published (server/catalogue/README.md, "Born stages").
  if (!hasStage(slug) && (await newestBornVersion(deps.db, slug)) === null) throw notFound();
  const loaded = await findConfig(deps, viewer, key);
  const enabled = new Set(loaded.row.stages);
  if (enabled.has(slug) === add) return configView(loaded, viewer);
  if (add) enabled.add(slug);
  else enabled.delete(slug);
  // Catalogue order, then any slug the catalogue no longer has (kept, never silently dropped).
  const stages = [...stageCatalogue.map((s) => s.slug).filter((s) => enabled.has(s)), ...[...enabled].filter((s) => !hasStage(s))];
  // A stage the config never had starts on its newest published version; one it had keeps its own
  // (its data was written under it).
  let stageVersions = loaded.row.stageVersions;
  if (add && stageVersions[slug] === undefined && loaded.snapshot.doc[slug] === undefined) {
    const newest = (await currentPins(deps.db))[slug];
    if (newest) stageVersions = { ...stageVersions, [slug]: newest };
  }
  const snapshot = { ...loaded.snapshot, stages, catalogue: await pinnedCatalogue(deps.db, stageVersions) };
  const progress = configProgress(snapshot).progress;
  const version = await storeWrite(deps.db, {
    configId: loaded.row.id,
    baseVersion: loaded.row.version,
    progress,
    meta: [],
    stages,
    stageVersions: stageVersions === loaded.row.stageVersions ? undefined : stageVersions,
    revision: { userId: viewer.id, stage: slug, action: add ? 'add_stage' : 'remove_stage' },
  });
  const updated: LoadedConfig = { ...loaded, row: { ...loaded.row, stages, stageVersions, version, progress, updatedAt: new Date() }, snapshot: { ...snapshot, version } };
  deps.configCache.put(updated);
  return configView(updated, viewer);
}

/** POST /configs/{id}/archive: status archived (the lists default to active ones). */
export async function archiveConfig(deps: Deps, viewer: Viewer, key: string) {
  const byKey = keyCondition(key, configs.id, configs.guid);
  const [row] = byKey
    ? await deps.db
        .update(configs)
        .set({ status: 'archived', updatedAt: new Date() })
        .where(and(byKey, companyScope(viewer, configs.companyId)))
        .returning({ id: configs.id })
    : [];
  if (!row) throw notFound();
  return configView(await findConfig(deps, viewer, String(row.id)), viewer);
}

/** DELETE /configs/{id}: the config, its stage data and its history. */
export async function deleteConfig(deps: Deps, viewer: Viewer, key: string) {
  const byKey = keyCondition(key, configs.id, configs.guid);
  const [row] = byKey
    ? await deps.db.delete(configs).where(and(byKey, companyScope(viewer, configs.companyId))).returning({ id: configs.id, guid: configs.guid })
    : [];
  if (!row) throw notFound();
  return { id: row.id, guid: row.guid, message: serverMessages.configs.removed };
}

/**
 * GET /configs/stages: the stage catalogue the viewer may see (the shipped stages and those born
 * in the editor and published, at their newest version, with their texts), the project and design
 * types, and the stages each type starts with.
 */
export async function configCatalogue(deps: Pick<Deps, 'db'>, viewer: Viewer) {
  const published = await publishedBornDefinitions(deps.db);
  const bornAt = new Map(published.map(({ definition: d }) => [d.slug, d]));
  // A born stage is judged by its own audience (the shipped catalogue does not have it).
  const visible = (slug: string) => {
    const d = bornAt.get(slug);
    return stageVisible(viewer, slug, d && catalogueWith([d]));
  };
  const born = published.filter(({ definition: d }) => visible(d.slug));
  const row = (s: (typeof stageCatalogue)[number]) => ({ slug: s.slug, title: s.title, group: s.section, audience: s.audience, order: s.order, required: s.required, requires: s.requires });
  const all = [...stageCatalogue, ...published.map((b) => b.definition)].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return {
    stages: [
      ...stageCatalogue.filter((s) => stageVisible(viewer, s.slug)).map(row),
      ...born.map(({ definition, labels }) => ({ ...row(definition), labels })),
    ].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)),
    types: { design_types: [...DESIGN_TYPES], project_types: [...PROJECT_TYPES] },
    // The sets as a new config gets them: published born stages too (configs.stage-sets.ts).
    stage_sets: stageSetsCatalogue(visible, all),
  };
}

// Re-exported so the route file imports one service per area.
export { listConfigs, paginateConfigs } from './configs.list';
