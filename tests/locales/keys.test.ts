import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';

const ROOT = 'locales';

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}`; arrays count as leaves per index. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

const read = (locale: string, file: string) => flatten(JSON.parse(readFileSync(join(ROOT, locale, file), 'utf8')));
const namespaces = readdirSync(join(ROOT, DEFAULT_LOCALE)).filter((f) => f.endsWith('.json'));
const placeholders = (text: unknown) => (typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort() : []);

describe('locales', () => {
  it('has a folder per locale and the common namespace', () => {
    for (const locale of LOCALES) expect(existsSync(join(ROOT, locale)), locale).toBe(true);
    expect(namespaces).toContain('common.json');
  });

  describe.each(namespaces)('%s', (file) => {
    const reference = read(DEFAULT_LOCALE, file);

    it.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))(`%s has every ${DEFAULT_LOCALE} key, non-empty, with the same placeholders`, (locale) => {
      // errors.json is the server's English catalogue; other locales add it when they translate it.
      if (!existsSync(join(ROOT, locale, file)) && file === 'errors.json') return;
      const translated = read(locale, file);
      const missing = Object.keys(reference).filter((key) => !(key in translated));
      expect(missing, `${locale}/${file} misses keys`).toEqual([]);
      for (const [key, value] of Object.entries(translated)) {
        if (!(key in reference)) continue;
        if (typeof reference[key] === 'string') expect(typeof value === 'string' && value.trim() !== '', `${locale}/${file} ${key} is empty`).toBe(true);
        expect(placeholders(value), `${locale}/${file} ${key} placeholders`).toEqual(placeholders(reference[key]));
      }
    });
  });

  it('has real French and Dutch in common.json, not copied English', () => {
    const en = read(DEFAULT_LOCALE, 'common.json');
    for (const locale of ['fr-FR', 'fr-BE', 'nl-NL', 'nl-BE']) {
      const other = read(locale, 'common.json');
      // The product name and pure placeholders ('{{name}} {{recordRepresentation}}') are the same in every language.
      const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '');
      const same = Object.keys(en).filter((k) => k !== 'app.name' && typeof en[k] === 'string' && words(en[k] as string).length > 3 && other[k] === en[k]);
      // Some words are the same in both languages (Media, Dashboard, Notifications): allow a few.
      const texts = Object.keys(en).filter((k) => typeof en[k] === 'string' && words(en[k] as string).length > 3);
      expect(same.length / texts.length, `${locale} copies English: ${same.join(', ')}`).toBeLessThan(0.1);
    }
  });

  it('keeps the spec words of the session alert in English', () => {
    expect(read(DEFAULT_LOCALE, 'common.json')['session.expired']).toBe('Your session has expired. Please log in to continue where you left off.');
  });
});
