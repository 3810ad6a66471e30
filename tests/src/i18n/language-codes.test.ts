// i18next's language-code work done once per code (src/i18n/languageCodes.ts, issue 59): the texts a
// reader gets are the same as without it, in every locale and after a change of language, and a list's
// hundreds of `t` calls no longer make the language code canonical each time.
import i18next, { type i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { globBackend, i18nOptions } from '../../../src/i18n/i18n';
import { memoisedLanguageCodes } from '../../../src/i18n/languageCodes';
import { LOCALES, type Locale } from '../../../src/i18n/locales';

async function instance(locale: Locale, memoised: boolean): Promise<I18n> {
  const made = i18next.createInstance().use(globBackend);
  if (memoised) made.use(memoisedLanguageCodes);
  await made.init(i18nOptions(locale));
  return made;
}

// Texts from our files, react-admin's, a plural, a fallback namespace and a missing key.
const LOOKUPS: [string, object?][] = [
  ['ra.action.save'],
  ['ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 1000000 }],
  ['routes.companies'],
  ['unknown_error'],
  ['errors:unknown_error'],
  ['no.such.key'],
];

afterEach(() => vi.restoreAllMocks());

describe('language codes worked out once per code', () => {
  it.each(LOCALES)('gives %s readers the same texts as i18next alone, before and after a change of language', async (locale) => {
    const [plain, memoised] = await Promise.all([instance(locale, false), instance(locale, true)]);
    const texts = (i: I18n) => LOOKUPS.map(([key, options]) => i.t(key, options as never));
    expect(texts(memoised)).toEqual(texts(plain));
    expect(memoised.languages).toEqual(plain.languages);
    const other: Locale = locale.startsWith('fr') ? 'nl-BE' : 'fr-FR';
    await Promise.all([plain.changeLanguage(other), memoised.changeLanguage(other)]);
    expect(texts(memoised)).toEqual(texts(plain));
    expect(memoised.languages).toEqual(plain.languages);
    // The language did change: the texts are the other language's.
    expect(memoised.t('ra.action.save')).not.toBe(texts(await instance(locale, false))[0]);
  });

  it('does not make the code canonical again for each text a screen asks for', async () => {
    const memoised = await instance('fr-BE', true);
    memoised.t('ra.action.save');
    const canonical = vi.spyOn(Intl, 'getCanonicalLocales');
    for (let i = 0; i < 500; i++) memoised.t('ra.action.save');
    expect(canonical).not.toHaveBeenCalled();
    // Without it, i18next does so on every call.
    const plain = await instance('fr-BE', false);
    canonical.mockClear();
    for (let i = 0; i < 10; i++) plain.t('ra.action.save');
    expect(canonical.mock.calls.length).toBeGreaterThanOrEqual(10);
  });

  it('hands out the languages to look in as a copy, so a caller changing them changes nothing', async () => {
    const memoised = await instance('nl-NL', true);
    (memoised.languages as string[]).push('xx');
    await memoised.changeLanguage('nl-NL');
    expect(memoised.languages).not.toContain('xx');
    expect(memoised.t('ra.action.save')).toBe('Opslaan');
  });
});
