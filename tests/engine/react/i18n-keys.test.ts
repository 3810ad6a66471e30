/**
 * Every text the renderer asks i18next for exists in every locale (the `defaultValue`s in the code
 * are only a safety net): literal `t('...')` keys in engine/react/, plus the keys it builds
 * (password strength levels, weekday rows, opening-hours columns and the "move to position" refusals).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRENGTH_LEVELS, checkTargetPosition, createRendererI18n } from '../../../engine/react';
import { LOCALES } from '../../../src/i18n/locales';
import openingHours from '../../../schemas/shapes/opening-hours.json';
import openingDay from '../../../schemas/shapes/opening-day.json';

const SOURCE = join(__dirname, '../../../engine/react');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [readFileSync(join(dir, e.name), 'utf8')] : [],
  );
}

/** `t('form.add', ...)` and `t('validation:generic.incomplete', ...)` in the renderer's code. */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(SOURCE)) {
    // Code only: doc comments hold example keys.
    const text = file.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/\bt\(\s*'([A-Za-z][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+)'/g)) keys.add(m[1]);
  }
  return [...keys].sort();
}

const builtKeys = [
  ...STRENGTH_LEVELS.map((l) => `password.strength.${l}`),
  ...Object.keys(openingHours.properties).map((d) => `days.${d}`),
  ...Object.keys(openingDay.properties).map((c) => `hours.${c}`),
  // The table shows these keys from checkTargetPosition's answer.
  checkTargetPosition(0, 3)!.key,
  checkTargetPosition(4, 3)!.key,
];

describe('renderer texts', () => {
  it('finds the literal keys it checks', () => {
    expect(literalKeys()).toEqual(expect.arrayContaining(['form.add', 'form.move', 'form.moveTo', 'form.position', 'form.showMore', 'markdown.write', 'password.generate', 'validation:generic.incomplete']));
  });

  it.each(LOCALES)('%s has every key the renderer uses', (lng) => {
    const i18n = createRendererI18n(lng);
    // Read the locale's own resources: no fallback to en-GB.
    const has = (key: string) => {
      const [ns, k] = key.includes(':') ? key.split(':') : ['configurator', key];
      return typeof i18n.getResource(lng, ns, k) === 'string';
    };
    const missing = [...literalKeys(), ...builtKeys].filter((key) => !has(key));
    expect(missing).toEqual([]);
  });
});
