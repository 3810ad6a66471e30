import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getStage, lintStageFile, stageCatalogue, stageDefaults, validateStage } from '../../engine';

const root = join(__dirname, '../../schemas');
const stageDir = join(root, 'stages');
const files = readdirSync(stageDir).filter((f) => f.endsWith('.json'));
const read = (f: string) => JSON.parse(readFileSync(join(stageDir, f), 'utf8')) as Record<string, unknown>;

describe('stage files', () => {
  it.each(files)('%s passes the meta-schema and the semantic checks', (file) => {
    expect(lintStageFile(read(file), file)).toEqual([]);
  });

  it('the catalogue holds exactly the files in schemas/stages', () => {
    expect(stageCatalogue.map((s) => `${s.slug}.json`).sort()).toEqual([...files].sort());
  });

  it('every stage default is valid draft data', () => {
    for (const s of stageCatalogue) {
      expect(validateStage(s.slug, stageDefaults(s.slug), {}, { mode: 'draft' }).errors, s.slug).toEqual([]);
    }
  });

  it('bundled schemas are self-contained (only local refs)', () => {
    for (const s of stageCatalogue) {
      const refs = JSON.stringify(s.schema).match(/"\$ref":"[^"]*"/g) ?? [];
      for (const ref of refs) expect(ref, s.slug).toMatch(/"\$ref":"#\/definitions\/[a-z-]+"/);
    }
    expect(getStage('locations').schema.definitions).toHaveProperty('address');
  });

  it('every i18n key a stage or shape uses exists in en-GB configurator.json', () => {
    const en = JSON.parse(readFileSync(join(__dirname, '../../locales/en-GB/configurator.json'), 'utf8'));
    const texts = [...files.map((f) => join(stageDir, f)), ...readdirSync(join(root, 'shapes')).map((f) => join(root, 'shapes', f))].map((p) =>
      readFileSync(p, 'utf8'),
    );
    const lookup = (key: string) =>
      key
        .slice('configurator:'.length)
        .split('.')
        .reduce<unknown>((node, seg) => (node as Record<string, unknown> | undefined)?.[seg], en);
    // An enumLabels prefix names a group: every value of its enum needs a text there.
    const enumLabels: { prefix: string; values: unknown[] }[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (typeof n.enumLabels === 'string') enumLabels.push({ prefix: n.enumLabels, values: (n.enum as unknown[]) ?? [] });
      Object.values(n).forEach(walk);
    };
    texts.forEach((t) => walk(JSON.parse(t)));
    const prefixes = new Set(enumLabels.map((e) => e.prefix));
    const keys = new Set(texts.flatMap((t) => t.match(/configurator:[A-Za-z0-9_.-]+/g) ?? []));
    for (const key of keys) if (!prefixes.has(key)) expect(typeof lookup(key), key).toBe('string');
    expect(enumLabels.length).toBeGreaterThan(0);
    for (const { prefix, values } of enumLabels) {
      for (const value of values) expect(typeof lookup(`${prefix}.${String(value)}`), `${prefix}.${String(value)}`).toBe('string');
    }
  });
});

describe('a broken stage file gets precise errors', () => {
  const good = () => read('locations.json');

  it('names a missing property', () => {
    const file = good();
    delete file.title;
    expect(lintStageFile(file, 'locations.json')).toEqual(['locations.json: /: missing required property "title"']);
  });

  it('names a bad rule target and an unknown property', () => {
    const file = good();
    (file.rules as Record<string, unknown>[])[0].target = 'locations.locations';
    (file as Record<string, unknown>).colour = 'red';
    const problems = lintStageFile(file, 'locations.json');
    expect(problems).toContain('locations.json: /: unknown property "colour"');
    expect(problems.some((p) => p.startsWith('locations.json: /rules/0/target must match pattern'))).toBe(true);
  });

  it('names an unknown audience value', () => {
    const file = { ...good(), audience: 'everyone' };
    expect(lintStageFile(file, 'locations.json')).toEqual(['locations.json: /audience must be one of ["dealer","internal"]']);
  });

  it('names an unknown shape, an unknown stage, an unknown operation and invalid defaults', () => {
    const file = good();
    file.requires = ['company-info'];
    (file.schema as { properties: Record<string, unknown> }).properties.extra = { $ref: '../shapes/nope.json' };
    (file.rules as Record<string, unknown>[])[1].logic = { fillEverything: [{ var: 'value' }] };
    file.defaults = { locations: 'none' };
    const problems = lintStageFile(file, 'locations.json');
    expect(problems).toContain('locations.json: /requires/0 names unknown stage "company-info"');
    expect(problems.some((p) => p.startsWith('locations.json: /schema has a $ref to unknown shape "../shapes/nope.json"'))).toBe(true);
    expect(problems).toContain('locations.json: /rules/1/logic/fillEverything uses unknown JSON-logic operation "fillEverything"');
    expect(lintStageFile({ ...good(), defaults: { locations: 'none' } }, 'locations.json')).toEqual([
      'locations.json: /defaults/locations must be array',
    ]);
  });

  it('names a duplicated rule id and a schema that is not an object schema', () => {
    const file = good();
    const rules = file.rules as Record<string, unknown>[];
    rules[1].id = rules[0].id;
    expect(lintStageFile(file, 'locations.json')).toEqual([`locations.json: /rules/1/id "${String(rules[0].id)}" is used twice`]);
    const notObject = { ...good(), schema: { type: 'array', properties: {} } };
    expect(lintStageFile(notObject, 'locations.json')[0]).toMatch(/^locations\.json: \/schema\/type must be equal to constant/);
  });
});
