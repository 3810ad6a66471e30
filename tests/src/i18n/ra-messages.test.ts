import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import englishMessages from 'ra-language-english';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { globBackend, i18nOptions, loadNamespace } from '../../../src/i18n/i18n';
import { LOCALES, type Locale } from '../../../src/i18n/locales';

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}`. */
function flatten(value: object, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child as object, path, out);
    else out[path] = String(child);
  }
  return out;
}

// Every react-admin text, in react-admin's own format (`%{x}`, `one |||| other`).
const english = flatten(englishMessages);
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}|\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? m[2]);
const words = (text: string) => text.replace(/%\{\w+\}|\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '');

// Keys whose text is rightly the same as the English one in that language (by language).
// Keys whose English text has no words (' ', '%{name}', '%{name} %{recordRepresentation}') are
// skipped everywhere: they are blanks or pure placeholders.
const SAME_AS_ENGLISH: Record<string, Record<string, string>> = {
  fr: { 'ra.navigation.current_page': '"Page %{page}" is French as well' },
  nl: {
    'ra.page.dashboard': '"Dashboard" is the usual Dutch word',
    'ra.message.details': '"Details" is Dutch as well',
  },
};

/** react-admin's provider exactly as the app builds it (our backend, our options), for one locale. */
async function providerFor(locale: Locale): Promise<I18nProvider> {
  return getI18nProvider(i18next.createInstance().use(globBackend), i18nOptions(locale), []);
}

/** Every way react-admin asks for a key: each placeholder filled; plurals asked for 1, 3 and a million (French "many"). */
function render(provider: I18nProvider, key: string): string[] {
  const values = Object.fromEntries(placeholders(english[key]).map((name) => [name, `«${name}»`]));
  const counts = english[key].includes(' |||| ') ? [1, 3, 1_000_000] : [undefined];
  return counts.map((count) => provider.translate(key, { ...values, smart_count: count }));
}

describe('react-admin texts', () => {
  let en: I18nProvider;
  beforeAll(async () => {
    en = await providerFor('en-GB');
  });

  it('reads the English texts through the app provider (the test can see a translation)', () => {
    expect(render(en, 'ra.navigation.page_rows_per_page')).toEqual(['Rows per page:']);
    expect(render(en, 'ra.action.bulk_actions')).toEqual(['1 item selected', '3 items selected', '1000000 items selected']);
  });

  it.each(['en-AU', 'en-ZA'] as const)('%s shows the same English as en-GB', async (locale) => {
    const provider = await providerFor(locale);
    for (const key of Object.keys(english)) expect(render(provider, key), key).toEqual(render(en, key));
  });

  it.each(['fr-FR', 'fr-BE', 'nl-NL', 'nl-BE'] as const)('%s translates every key of ra-language-english', async (locale) => {
    const provider = await providerFor(locale);
    const allowed = SAME_AS_ENGLISH[locale.split('-')[0]];
    const untranslated: string[] = [];
    for (const key of Object.keys(english)) {
      if (words(english[key]) === '' || key in allowed) continue;
      const ours = render(provider, key);
      const theirs = render(en, key);
      ours.forEach((text, i) => {
        if (text === theirs[i] || text === key || text.trim() === '') untranslated.push(`${key}: ${JSON.stringify(text)}`);
      });
    }
    expect(untranslated, `${locale} shows English`).toEqual([]);
    // The allow-list stays honest: each entry really is the same text.
    for (const key of Object.keys(allowed)) expect(render(provider, key), key).toEqual(render(en, key));
  });

  it.each(LOCALES)('%s uses only placeholders react-admin fills in', async (locale) => {
    const ra = flatten({ ra: (await loadNamespace(locale, 'common')).ra });
    const wrong: string[] = [];
    for (const [key, text] of Object.entries(ra)) {
      const base = key.replace(/_(one|other|many)$/, '');
      expect(english, `${locale}: ${key} is not a react-admin key`).toHaveProperty([base]);
      const known = new Set([...placeholders(english[base]), 'smart_count']);
      if (text.includes('%{')) wrong.push(`${key}: react-admin %{} syntax in ${JSON.stringify(text)}`);
      for (const name of placeholders(text)) if (!known.has(name)) wrong.push(`${key}: unknown {{${name}}}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps our ra texts the same in en-GB, en-AU and en-ZA', () => {
    const ra = (locale: string) => JSON.stringify(JSON.parse(readFileSync(`locales/${locale}/common.json`, 'utf8')).ra);
    expect(ra('en-AU')).toBe(ra('en-GB'));
    expect(ra('en-ZA')).toBe(ra('en-GB'));
  });
});
