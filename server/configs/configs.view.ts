/**
 * The API's shape of a config: what GET, PUT and the stage calls answer. Internal stages and
 * internal data are left out unless the viewer holds 'manage configs' (spec section 6).
 */
import { configProgress, configStages, getStage, hasStage, isStageDataComplete, MANAGE_CONFIGS, withCatalogue, type Catalogue } from '../../engine';
import type { ContactRow, LoadedConfig } from './configs.types';
import type { Viewer } from '../db/tenancy';

/** Spec section 3 Contact: name, avatar, telephone, email, position. */
export function contact(row: ContactRow | null) {
  if (!row) return null;
  return { id: row.id, name: row.name, avatar: row.avatar, telephone: row.telephone, email: row.email, position: row.position };
}

export const canManage = (viewer: Viewer) => viewer.permissions.has(MANAGE_CONFIGS);

/**
 * True when the viewer may see (and so name) this stage at all. `catalogue`: the config's (a stage
 * born in the editor is only in the catalogue of the configs pinned to it); a stage the catalogue
 * does not have is staff's only.
 */
export function stageVisible(viewer: Viewer, slug: string, catalogue?: Catalogue): boolean {
  const stage = withCatalogue(catalogue, () => (hasStage(slug) ? getStage(slug) : undefined));
  return stage ? stage.audience !== 'internal' || canManage(viewer) : canManage(viewer);
}

/** Fields every answer about a config carries (lists too): no stage data. */
export function configSummary(c: Pick<LoadedConfig, 'row' | 'company'>) {
  const r = c.row;
  return {
    id: r.id,
    guid: r.guid,
    name: r.name,
    company_id: r.companyId,
    company: c.company,
    design_type: r.designType,
    project_type: r.projectType,
    status: r.status,
    progress: r.progress,
    version: r.version,
    project_manager_id: r.projectManagerId,
    account_manager_id: r.accountManagerId,
    agreement_id: r.agreementId,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * The whole config for the configurator pages: stages with state, open (requires met), done
 * (submitted or completed: counts towards progress) and complete (data passes submit
 * validation), data per stage, mail contacts, progress.
 */
export function configView(c: LoadedConfig, viewer: Viewer) {
  // The company's region: a `visibleIf` reads it as `$company` (which fields a stage judges).
  const company = { region: c.company.region ?? null };
  const progress = configProgress(c.snapshot, company);
  const slugs = new Set(configStages(c.snapshot).filter((slug) => stageVisible(viewer, slug, c.snapshot.catalogue)));
  const stages = progress.stages
    .filter((s) => slugs.has(s.slug))
    .map((s) => {
      // The config's pinned version of the stage (its snapshot's catalogue).
      const def = withCatalogue(c.snapshot.catalogue, () => getStage(s.slug));
      return {
        slug: s.slug,
        title: def.title,
        group: def.section,
        audience: def.audience,
        order: def.order,
        required: def.required,
        requires: def.requires,
        state: s.state,
        open: s.open,
        done: s.done,
        complete: isStageDataComplete(c.snapshot, s.slug, company),
        version: def.version,
      };
    });
  const data = Object.fromEntries(Object.entries(c.snapshot.doc).filter(([slug]) => slugs.has(slug)));
  const manager = canManage(viewer);
  const projectManager = contact(c.projectManager);
  const accountManager = contact(c.accountManager);
  return {
    ...configSummary(c),
    progress: progress.progress,
    complete: progress.complete,
    mail: { project_manager: projectManager, account_manager: accountManager },
    project_manager: projectManager,
    account_manager: accountManager,
    stages,
    data,
    ...(manager ? { internal_data: Object.fromEntries(Object.entries(c.internal).filter(([slug]) => slugs.has(slug))) } : {}),
  };
}

export type ConfigView = ReturnType<typeof configView>;
