/**
 * Which stages a new config starts with, by project type and design type: read from the data file
 * schemas/stage-sets.json (its format: schemas/stage-sets.schema.json). No stage is named in code.
 *
 * "Every stage" (no project type, or a base of "all") is every stage of the catalogue, whatever
 * its flags: the shipped files' `required` and `audience` never decided it (internal-pages, setup
 * and the optional stages are in it). A stage born in the editor and published follows the same
 * rule (server/catalogue/README.md, "Born stages"): it joins "all" as a new shipped file would, and
 * a named set only when the set names it. An unpublished one is no stage yet.
 */
import { stageCatalogue, type StageDefinition } from '../../engine';
import stageSets from '../../schemas/stage-sets.json';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../contract/projects';

interface ProjectTypeSet {
  base: string;
  add?: string[];
  remove?: string[];
}
interface StageSetsFile {
  sets: Record<string, string[]>;
  projectTypes: Record<string, ProjectTypeSet>;
  designTypes: Record<string, { remove?: string[] }>;
}

const file = stageSets as unknown as StageSetsFile;
type CatalogueStage = Pick<StageDefinition, 'slug' | 'requires'>;

/**
 * The stages of a new config, in catalogue order. Without a project type: every stage (as before
 * stage sets existed). Slugs the catalogue does not have are skipped. `catalogue`: the stages
 * there are, in order (the shipped ones and the published born ones: catalogue.versions.ts
 * `newConfigStages`); the shipped ones alone by default.
 * @example stagesForNewConfig('stock', 'template') // ['company-information', 'key-contact', ..., 'stock', 'terms', 'confirmation']
 */
export function stagesForNewConfig(projectType: string | null | undefined, designType: string | null | undefined, catalogue: readonly CatalogueStage[] = stageCatalogue): string[] {
  const all = catalogue.map((s) => s.slug);
  // Every other stage requires it (spec: company information first), so no set may leave it out.
  const gate = new Set(catalogue.flatMap((s) => s.requires));
  const def = projectType ? file.projectTypes[projectType] : undefined;
  if (!def) return all;
  const wanted = new Set(def.base === 'all' ? all : (file.sets[def.base] ?? []));
  for (const slug of def.add ?? []) wanted.add(slug);
  for (const slug of def.remove ?? []) wanted.delete(slug);
  for (const slug of (designType && file.designTypes[designType]?.remove) || []) wanted.delete(slug);
  for (const slug of gate) wanted.add(slug);
  return all.filter((slug) => wanted.has(slug));
}

/**
 * The stage sets as GET /configs/stages answers them: each project type's stages (for the
 * template design) and what each design type removes.
 */
export function stageSetsCatalogue(visible: (slug: string) => boolean, catalogue: readonly CatalogueStage[] = stageCatalogue) {
  return {
    project_types: Object.fromEntries(PROJECT_TYPES.map((type) => [type, stagesForNewConfig(type, 'template', catalogue).filter(visible)])),
    design_types: Object.fromEntries(DESIGN_TYPES.map((type) => [type, { remove: (file.designTypes[type]?.remove ?? []).filter(visible) }])),
  };
}
