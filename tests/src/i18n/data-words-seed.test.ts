import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PROJECT_TYPES } from '../../../contract/projects';
import { createRendererI18n } from '../../../engine/react';
import { DEMO_LAYOUTS } from '../../../server/db/seed-adminconfigs';
import { DEMO_PROJECTS } from '../../../server/db/seed-projects';
import { DEMO_STAGES, DEMO_TEMPLATES, DEMO_TYPES } from '../../../server/db/seed-tasks';
import { dataWords, localName } from '../../../src/i18n/dataWords';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/i18n/locales';

/**
 * The words of `locale` over every locale file, and the keys they asked for that the asked
 * language's own file lacks (a fallback to English would hide them).
 */
function wordsOf(locale: string) {
  const i18n = createRendererI18n(locale);
  const missing: string[] = [];
  const t = ((key: string, options?: { lng?: string }) => {
    const lng = options?.lng ?? locale;
    const [ns, path] = key.includes(':') ? key.split(':') : ['common', key];
    if (i18n.getResource(lng, ns, path) === undefined) missing.push(`${lng} ${key}`);
    return i18n.t(key, options);
  }) as unknown as TFunction;
  return { words: dataWords(t, locale), missing };
}

describe('the seeded task tracker words (issue 54)', () => {
  it.each(LOCALES)('has every seeded stage, type, template and project name in %s', (locale) => {
    const { words, missing } = wordsOf(locale);
    for (const stage of DEMO_STAGES) words.taskStage(stage);
    for (const type of DEMO_TYPES) words.taskType(type);
    for (const template of DEMO_TEMPLATES) {
      words.task(template);
      if (template.description) words.taskDescription(template.name, template.description);
    }
    for (const project of DEMO_PROJECTS) if (project.name) words.project(project.name, project.company);
    expect(missing).toEqual([]);
  });

  it('says them in en-GB exactly as seeded, so an English reader sees the stored words', () => {
    const { words } = wordsOf(DEFAULT_LOCALE);
    expect(DEMO_STAGES.map((s) => words.taskStage(s))).toEqual(DEMO_STAGES.map((s) => s.name));
    expect(DEMO_TYPES.map((s) => words.taskType(s))).toEqual(DEMO_TYPES.map((s) => s.name));
    expect(DEMO_TEMPLATES.map((s) => words.task(s))).toEqual(DEMO_TEMPLATES.map((s) => s.name));
    for (const s of DEMO_TEMPLATES) if (s.description) expect(words.taskDescription(s.name, s.description)).toBe(s.description);
    expect(DEMO_TEMPLATES).toHaveLength(31);
  });

  it('says a name as stored once staff changed it, if only in case, and a changed description too', () => {
    const { words: fr } = wordsOf('fr-FR');
    expect(fr.taskStage({ name: 'Done' })).toBe('Terminé');
    expect(fr.taskStage({ name: 'DONE' })).toBe('DONE');
    expect(fr.taskType({ name: 'Go-live!' })).toBe('Go-live!');
    expect(fr.task({ name: 'Kick-off call' })).toBe('Réunion de lancement');
    expect(fr.taskDescription('Go-live', 'DNS switched, SSL live, old site redirected.')).toBe('DNS basculé, SSL actif, ancien site redirigé.');
    expect(fr.taskDescription('Go-live', 'DNS switched on Monday.')).toBe('DNS switched on Monday.');
    expect(fr.taskDescription('Our go-live', 'DNS switched, SSL live, old site redirected.')).toBe('DNS switched, SSL live, old site redirected.');
  });

  it('recognises a name the server made for every project type, and no other', () => {
    const { words: en } = wordsOf(DEFAULT_LOCALE);
    const { words: fr } = wordsOf('fr-FR');
    const i18n = createRendererI18n('fr-FR');
    for (const type of PROJECT_TYPES) {
      const made = `Harbour Cars ${i18n.t(`tracker:types.${type}`, { lng: DEFAULT_LOCALE })}`;
      expect(en.project(made, 'Harbour Cars')).toBe(made);
      expect(fr.project(made, 'Harbour Cars')).toBe(`Harbour Cars – ${i18n.t(`tracker:types.${type}`)}`);
    }
    expect(fr.project('Harbour Cars Stock', 'Riverside Motors')).toBe('Harbour Cars Stock');
    expect(fr.project('Harbour Cars spring relaunch', 'Harbour Cars')).toBe('Harbour Cars spring relaunch');
  });
});

describe('the seeded internal page layouts (issue 54)', () => {
  it.each(LOCALES)('has every seeded layout name and page name in %s', (locale) => {
    const { words, missing } = wordsOf(locale);
    for (const layout of DEMO_LAYOUTS) {
      words.layout(layout);
      for (const page of layout.pages) words.layoutPage({ name: page.name });
    }
    expect(missing).toEqual([]);
  });

  it('says them in the reader\'s words while they are as seeded, as stored once staff changed them', () => {
    const { words: fr } = wordsOf('fr-FR');
    const { words: en } = wordsOf(DEFAULT_LOCALE);
    expect(DEMO_LAYOUTS.map((l) => en.layout(l))).toEqual(DEMO_LAYOUTS.map((l) => l.name));
    expect(fr.layout({ name: 'Independent dealer' })).toBe('Concessionnaire indépendant');
    expect(fr.layoutPage({ name: 'Contact us' })).toBe('Nous contacter');
    expect(fr.layout({ name: 'Independent dealers 2027' })).toBe('Independent dealers 2027');
  });
});

describe('staff\'s own words per locale (issue 54: names)', () => {
  const names = { 'fr-FR': 'À faire maintenant', 'nl-BE': 'Nu te doen', 'en-AU': 'To do now, mate' } as const;

  it('takes the reader\'s locale, else its language\'s main locale, else any locale of that language', () => {
    expect(localName(names, 'fr-FR')).toBe('À faire maintenant');
    expect(localName(names, 'fr-BE')).toBe('À faire maintenant');
    expect(localName({ 'fr-BE': 'À faire (BE)', 'fr-FR': 'À faire' }, 'fr-BE')).toBe('À faire (BE)');
    expect(localName(names, 'nl-NL')).toBe('Nu te doen');
    expect(localName({ 'en-GB': 'To do now' }, 'en-ZA')).toBe('To do now');
    expect(localName({ 'en-GB': 'To do now', 'en-ZA': 'To do now now' }, 'en-AU')).toBe('To do now');
    expect(localName(names, 'en-GB')).toBe('To do now, mate');
    expect(localName({ 'fr-FR': 'À faire' }, 'nl-BE')).toBeUndefined();
    expect(localName({ 'fr-FR': '   ' }, 'fr-FR')).toBeUndefined();
    expect(localName({}, 'fr-FR')).toBeUndefined();
    expect(localName(undefined, 'fr-FR')).toBeUndefined();
  });

  it('puts them before the seeded words and the stored name, for every kind of data word', () => {
    const { words: fr } = wordsOf('fr-BE');
    const { words: nl } = wordsOf('nl-NL');
    const { words: en } = wordsOf(DEFAULT_LOCALE);
    const stage = { name: 'To do', names: { 'fr-FR': 'À faire maintenant' } };
    expect(fr.taskStage(stage)).toBe('À faire maintenant');
    // No Dutch text: the seeded words, as before; none in English: the stored name.
    expect(nl.taskStage(stage)).toBe('Te doen');
    expect(en.taskStage(stage)).toBe('To do');
    const custom = { name: 'Snagging', names: { 'nl-BE': 'Restpunten', 'fr-FR': 'Réserves' } };
    expect(nl.taskType(custom)).toBe('Restpunten');
    expect(fr.task(custom)).toBe('Réserves');
    expect(en.task(custom)).toBe('Snagging');
    expect(fr.layout({ name: 'Our layout', names: { 'fr-FR': 'Notre modèle' } })).toBe('Notre modèle');
    expect(fr.layoutPage({ name: 'Contact us', names: { 'fr-FR': 'Écrivez-nous' } })).toBe('Écrivez-nous');
    expect(fr.role({ name: 'Client', names: { 'fr-FR': 'Concessionnaire' } })).toBe('Concessionnaire');
    expect(fr.term('region', { name: 'BE', slug: 'be', names: { 'fr-FR': 'Wallonie et Bruxelles' } })).toBe('Wallonie et Bruxelles');
    expect(fr.term('make', { name: 'Škoda', slug: 'skoda', names: {} })).toBe('Škoda');
    expect(fr.term('region', { name: 'BE', slug: 'be', names: { 'nl-NL': 'België' } })).toBe('Belgique');
  });
});
