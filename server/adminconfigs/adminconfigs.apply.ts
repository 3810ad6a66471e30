/**
 * POST /companies/{guid}/configs/{guid}/adminconfigs/internalpagelayout {id | layout_id}: a layout's
 * pages into the config's internal stage `internal-pages` (schemas/stages/internal-pages.json)
 * through the configs area's one stage write (`commitStageWrite`: the engine's writeStage, its
 * rules and validation, the version check, one revision). The stage then holds `{ layout: {id,
 * name}, pages }`; applying the same layout again computes the same data, so the engine answers
 * "no change" and nothing is written (no revision, same version).
 *
 * Who: 'edit admin configs' (the route) on a config the viewer may see (the configs area's tenancy:
 * another company's config is the same 404 as none). The engine lets only 'manage configs' write an
 * internal stage; applying a layout is the one internal write 'edit admin configs' stands for, so
 * the engine is given that permission for this write of this stage only, with data that comes from
 * the layout, never from the request.
 */
import { INTERNAL_PAGES_STAGE, type LayoutApplied } from '../../contract/adminconfigs';
import type { Viewer } from '../db/tenancy';
import { BadRequest } from '../domain-errors';
import type { AppServices } from '../plugins/services';
import { serverMessages } from '../messages';
import { changeConfigStages, findConfig } from '../configs/configs.service';
import { commitStageWrite } from '../configs/configs.write';
import { layoutToApply } from './adminconfigs.service';

type Deps = Pick<AppServices, 'db' | 'config' | 'configCache' | 'log' | 'mail'>;

export interface ApplyBody {
  id?: string | number;
  layout_id?: string | number;
}


export async function applyLayout(deps: Deps, viewer: Viewer, companyKey: string, configKey: string, body: ApplyBody): Promise<LayoutApplied> {
  const key = body.id ?? body.layout_id;
  const field = body.id !== undefined ? 'id' : 'layout_id';
  if (key === undefined || key === '') throw new BadRequest(serverMessages.adminconfigs.layout_required, [{ detail: serverMessages.adminconfigs.layout_required, field: 'id' }]);
  // The config first: one the viewer may not see is a 404 whatever the body says.
  let loaded = await findConfig(deps, viewer, configKey, companyKey);
  const layout = await layoutToApply(deps.db, key, field);
  // The stage holds the pages' words as typed: a page's `names` (the layout's, contract/names.ts) stay with the layout.
  const data = { layout: { id: layout.id, name: layout.name }, pages: layout.data.pages.map(({ names: _names, ...page }) => page) };
  // A config made before this stage existed, or from a smaller stage set, gets it now (its own
  // 'add_stage' revision, as staff adding a stage by hand); the pages are the next revision.
  if (!loaded.row.stages.includes(INTERNAL_PAGES_STAGE)) {
    await changeConfigStages(deps, viewer, String(loaded.row.id), INTERNAL_PAGES_STAGE, true);
    loaded = await findConfig(deps, viewer, String(loaded.row.id), companyKey);
  }
  const writer: Viewer = { id: viewer.id, permissions: new Set([...viewer.permissions, 'manage configs']) };
  const r = await commitStageWrite(
    deps,
    writer,
    loaded,
    { slug: INTERNAL_PAGES_STAGE, data, state: loaded.snapshot.states[INTERNAL_PAGES_STAGE] ?? 'draft', action: 'save', version: loaded.row.version },
    { action: 'save' },
    { data: 'changed' },
  );
  return {
    changed: r.changed,
    config_id: loaded.row.id,
    version: r.version,
    stage: INTERNAL_PAGES_STAGE,
    layout: data.layout,
    pages: data.pages,
    message: r.changed ? serverMessages.adminconfigs.applied : serverMessages.adminconfigs.already_applied,
  };
}
