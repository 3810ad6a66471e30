import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PROJECT_TYPES } from '../../../contract/projects';
import { createRendererI18n } from '../../../engine/react';
import { DEMO_LAYOUTS } from '../../../server/db/seed-adminconfigs';
import { DEMO_PROJECTS } from '../../../server/db/seed-projects';
import { DEMO_STAGES, DEMO_TEMPLATES, DEMO_TYPES } from '../../../server/db/seed-tasks';
import { dataWords } from '../../../src/i18n/dataWords';
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
    for (const stage of DEMO_STAGES) words.taskStage(stage.name);
    for (const type of DEMO_TYPES) words.taskType(type.name);
    for (const template of DEMO_TEMPLATES) {
      words.task(template.name);
      if (template.description) words.taskDescription(template.name, template.description);
    }
    for (const project of DEMO_PROJECTS) if (project.name) words.project(project.name, project.company);
    expect(missing).toEqual([]);
  });

  it('says them in en-GB exactly as seeded, so an English reader sees the stored words', () => {
    const { words } = wordsOf(DEFAULT_LOCALE);
    expect(DEMO_STAGES.map((s) => words.taskStage(s.name))).toEqual(DEMO_STAGES.map((s) => s.name));
    expect(DEMO_TYPES.map((s) => words.taskType(s.name))).toEqual(DEMO_TYPES.map((s) => s.name));
    expect(DEMO_TEMPLATES.map((s) => words.task(s.name))).toEqual(DEMO_TEMPLATES.map((s) => s.name));
    for (const s of DEMO_TEMPLATES) if (s.description) expect(words.taskDescription(s.name, s.description)).toBe(s.description);
    expect(DEMO_TEMPLATES).toHaveLength(31);
  });

  it('says a name as stored once staff changed it, if only in case, and a changed description too', () => {
    const { words: fr } = wordsOf('fr-FR');
    expect(fr.taskStage('Done')).toBe('Terminé');
    expect(fr.taskStage('DONE')).toBe('DONE');
    expect(fr.taskType('Go-live!')).toBe('Go-live!');
    expect(fr.task('Kick-off call')).toBe('Réunion de lancement');
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
      words.layout(layout.name);
      for (const page of layout.pages) words.layoutPage(page.name);
    }
    expect(missing).toEqual([]);
  });

  it('says them in the reader\'s words while they are as seeded, as stored once staff changed them', () => {
    const { words: fr } = wordsOf('fr-FR');
    const { words: en } = wordsOf(DEFAULT_LOCALE);
    expect(DEMO_LAYOUTS.map((l) => en.layout(l.name))).toEqual(DEMO_LAYOUTS.map((l) => l.name));
    expect(fr.layout('Independent dealer')).toBe('Concessionnaire indépendant');
    expect(fr.layoutPage('Contact us')).toBe('Nous contacter');
    expect(fr.layout('Independent dealers 2027')).toBe('Independent dealers 2027');
  });
});
