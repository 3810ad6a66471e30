// Cascades drawn (issue 56): the shipped stages' reference cascades read back into the drawn model and
// are written again as the same JSON; a field that picks from another stage finds its cascades, and
// turning one on or off writes a rule the engine's linter accepts and that the engine then runs.
import { describe, expect, it } from 'vitest';
import { applyRules, lintStageFile, stageFiles } from '../../../../engine';
import { cascadeOfRule, cascadesOfField, hasCascade, rulesOf, ruleLogic, withCascade } from '../../../../src/config-admin/rules/cascadeModel';

const files = Object.entries(stageFiles);
const allRules = files.flatMap(([slug, file]) => rulesOf(file).map((rule) => ({ slug, rule: rule as { id: string; logic: unknown } })));

/** Every path of a file's schema whose uiSchema picks from another stage. */
function optionsFromPaths(file: unknown): string[][] {
  const out: string[][] = [];
  const walk = (ui: unknown, path: string[]) => {
    if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
    const node = ui as Record<string, unknown>;
    if (node['ui:widget'] === 'optionsFrom') out.push(path);
    for (const [key, child] of Object.entries(node)) if (!key.startsWith('ui:')) walk(child, [...path, key === 'items' ? '[]' : key]);
  };
  walk((file as { uiSchema: unknown }).uiSchema, []);
  return out;
}

describe('cascades of the shipped stages', () => {
  it('reads the reference cascades and writes each back as the same JSON, key order included', () => {
    const drawn = allRules.filter(({ rule }) => cascadeOfRule(rule));
    for (const { rule } of drawn) expect(JSON.stringify(ruleLogic(cascadeOfRule(rule)!))).toBe(JSON.stringify(rule.logic));
    // 14 keepRefs, 10 keepIds, 7 fillIfEmpty, 6 fillEmpty and one single reference emptied by `if`.
    expect(drawn.length).toBe(38);
    const kept = allRules.filter(({ rule }) => !cascadeOfRule(rule)).map(({ rule }) => rule.id);
    // What stays as written: padding, dropping blanks or emptied items, the default division, one `if` that is not a reference.
    expect(kept.length).toBe(allRules.length - 38);
    for (const id of kept) expect(typeof id).toBe('string');
  });

  it('finds, from each picking field, the strip cascade the stage already has', () => {
    let found = 0;
    for (const [slug, file] of files) {
      for (const path of optionsFromPaths(file)) {
        const cascades = cascadesOfField(file, path);
        if (!cascades) continue;
        if (hasCascade(file, cascades.strip)) found++;
        expect(cascades.strip.target.startsWith(`/${slug}/`)).toBe(true);
      }
    }
    // Most fields that pick from another stage are kept true by a shipped cascade.
    expect(found).toBeGreaterThanOrEqual(20);
  });
});

describe('turning a cascade on and off', () => {
  const locations = stageFiles['locations'];
  const path = ['locations', '[]', 'franchises'];

  it('locations: the franchise strip is on; off removes that rule only, on writes it back under a new id', () => {
    const cascades = cascadesOfField(locations, path)!;
    expect(cascades.strip).toMatchObject({ target: '/locations/locations', field: 'franchises', source: { stage: 'franchises', list: 'franchises', key: 'id' } });
    expect(hasCascade(locations, cascades.strip)).toBe(true);
    expect(withCascade(locations, cascades.strip, true)).toBe(locations);
    const off = withCascade(locations, cascades.strip, false);
    expect(rulesOf(off).length).toBe(rulesOf(locations).length - 1);
    expect(hasCascade(off, cascades.strip)).toBe(false);
    const on = withCascade(off, cascades.strip, true) as { rules: { id: string; logic: unknown; description: string }[] };
    const added = on.rules[on.rules.length - 1];
    expect(added.id).toMatch(/^locations\.strip-removed-franchises-locations-franchises$/);
    expect(added.description).toContain('strips it from /locations/locations');
    expect(lintStageFile(on)).toEqual([]);
    expect(JSON.stringify(rulesOf(locations))).toContain(JSON.stringify(added.logic));
  });

  it('a new rule runs: removing a franchise leaves a location that referenced it', () => {
    const cascades = cascadesOfField(locations, path)!;
    const off = withCascade(locations, cascades.strip, false);
    const on = withCascade(off, cascades.strip, true) as { rules: { id: string; target: string; logic: unknown }[] };
    const added = on.rules[on.rules.length - 1];
    const doc = {
      franchises: { franchises: [{ id: 'f1', name: 'Ford', dealerType: 'franchised' }] },
      locations: { locations: [{ id: 'l1', name: 'York', franchises: ['f1', 'gone'] }] },
    };
    const out = applyRules(doc as never, { rules: [added] as never }).doc as unknown as typeof doc;
    expect(out.locations.locations[0].franchises).toEqual(['f1']);
    expect(applyRules(doc as never, { rules: [] }).doc).toBe(doc);
  });

  it('a field holding one reference has no "pick the only one" cascade; two lists deep has none', () => {
    const single = files.flatMap(([, file]) => optionsFromPaths(file).map((p) => cascadesOfField(file, p))).find((c) => c?.strip.single);
    if (single) expect(single.sole).toBeNull();
    expect(cascadesOfField(locations, ['locations'])).toBeNull();
  });
});
