import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locales';

/** Every page title of a locale: common.json's, and the sign-in page's own in signIn.json (issue 59). */
const routes = (locale: string) => {
  const read = (ns: string) => (JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8')) as { routes: Record<string, string> }).routes;
  return { ...read('common'), ...read('signIn') };
};

/**
 * Page titles (the h1 of every screen, `routes.*`) have one style: sentence case, a verb first for an
 * action ("Create user", "Edit showcase"), singular for one record. Not "Edit Showcases" beside
 * "Create user", or "Company Profile".
 */
describe('page titles (issue 26)', () => {
  it('are in sentence case in every locale: a capital first, then lower case but for names', () => {
    // Words that keep their capital after the first: none today; a brand or acronym would go here.
    const names = new Set<string>([]);
    for (const locale of LOCALES) {
      for (const [key, title] of Object.entries(routes(locale))) {
        expect(title[0], `${locale} routes.${key}`).toBe(title[0].toLocaleUpperCase(locale));
        const capitalised = title.split(/\s+/).slice(1).filter((word) => /^\p{Lu}/u.test(word) && !names.has(word));
        expect(capitalised, `${locale} routes.${key}: "${title}"`).toEqual([]);
      }
    }
  });

  it('name one record in the singular and put the verb first', () => {
    expect(routes('en-GB')).toMatchObject({ editShowcases: 'Edit showcase', createShowcases: 'Create showcase', companyProfile: 'Company profile', agreementEdit: 'Edit agreement', userCreate: 'Create user' });
    expect(routes('fr-FR').editShowcases).toBe('Modifier la vitrine');
    expect(routes('nl-NL').editShowcases).toBe('Showcase bewerken');
  });
});
