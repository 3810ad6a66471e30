// schemas/stage-sets.json: valid against its own schema, names only stages that exist, covers every
// project and design type of the spec, and resolves to the stage lists a new config starts with.
import { describe, expect, it } from 'vitest';
import { createAjv, stageCatalogue } from '../../engine';
import stageSets from '../../schemas/stage-sets.json';
import schema from '../../schemas/stage-sets.schema.json';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../server/db/schema';
import { stagesForNewConfig } from '../../server/configs/configs.stage-sets';

const known = new Set(stageCatalogue.map((s) => s.slug));
type File = { sets: Record<string, string[]>; projectTypes: Record<string, { base: string; add?: string[]; remove?: string[] }>; designTypes: Record<string, { remove?: string[] }> };
const file = stageSets as unknown as File;

describe('stage sets', () => {
  it('pass their schema, and a broken file is refused with the place named', () => {
    const validate = createAjv().compile(schema);
    expect(validate(stageSets), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(file) as unknown as Record<string, Record<string, unknown>>;
    delete broken.projectTypes.oem;
    broken.designTypes.na = { remove: 'design-brief' };
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((e) => `${e.instancePath} ${e.message}`)).toEqual(
      expect.arrayContaining(["/projectTypes must have required property 'oem'", '/designTypes/na/remove must be array']),
    );
  });

  it('cover every project and design type of the spec, and name only stages and sets that exist', () => {
    expect(Object.keys(file.projectTypes).sort()).toEqual([...PROJECT_TYPES].sort());
    expect(Object.keys(file.designTypes).sort()).toEqual([...DESIGN_TYPES].sort());
    const named = [
      ...Object.values(file.sets).flat(),
      ...Object.values(file.projectTypes).flatMap((p) => [...(p.add ?? []), ...(p.remove ?? [])]),
      ...Object.values(file.designTypes).flatMap((d) => d.remove ?? []),
    ];
    for (const slug of named) expect(known.has(slug), slug).toBe(true);
    for (const [type, p] of Object.entries(file.projectTypes)) expect(p.base === 'all' || p.base in file.sets, type).toBe(true);
  });

  it('resolve to the stages a new config starts with, in catalogue order, always with company information', () => {
    const order = stageCatalogue.map((s) => s.slug);
    for (const project of PROJECT_TYPES) {
      for (const design of DESIGN_TYPES) {
        const stages = stagesForNewConfig(project, design);
        expect(stages, `${project}/${design}`).toContain('company-information');
        expect(stages, `${project}/${design}`).toEqual(order.filter((s) => stages.includes(s)));
      }
    }
    expect(stagesForNewConfig(null, 'custom')).toEqual(order);
    expect(stagesForNewConfig('multi-franchise-dealer', 'template')).toEqual(order);
    expect(stagesForNewConfig('stock', 'template')).toEqual(
      [...file.sets.core, ...file.projectTypes.stock.add!].filter((s) => known.has(s)).sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
    expect(stagesForNewConfig('stock', 'template')).not.toContain('buying-online');
    expect(stagesForNewConfig('experience', 'na')).not.toContain('design-brief');
    expect(stagesForNewConfig('independent', 'custom')).not.toContain('divisions');
  });
});
