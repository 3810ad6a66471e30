// The New stage dialog's pure parts (issue 56): the slug suggested from a title, the sections a
// stage may go in and the place suggested in one.
import { describe, expect, it } from 'vitest';
import { stageCatalogue } from '../../../../engine';
import { bornTitleTexts, isShippedSlug, isStageSlug, placeIn, slugFromTitle, stageSections } from '../../../../src/config-admin/stages/newStage';

describe('slugFromTitle', () => {
  it('makes a slug the meta-schema accepts from any title', () => {
    expect(slugFromTitle('Finance options')).toBe('finance-options');
    expect(slugFromTitle('Financement & crédit 2')).toBe('financement-credit-2');
    expect(slugFromTitle('  2024 -- Plans!  ')).toBe('plans');
    expect(slugFromTitle('Ééé')).toBe('eee');
    expect(slugFromTitle('')).toBe('');
    expect(slugFromTitle('!!!')).toBe('');
    const long = slugFromTitle(`${'word '.repeat(30)}`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(isStageSlug(long)).toBe(true);
    for (const title of ['Finance options', 'Financement & crédit 2', 'A-B--C', 'x']) expect(isStageSlug(slugFromTitle(title))).toBe(true);
  });

  it('tells a slug a stage file may have and a shipped one', () => {
    expect(isStageSlug('finance-options')).toBe(true);
    for (const bad of ['Finance', '2finance', 'finance-', 'fin--ance', 'fin ance', 'a'.repeat(65)]) expect(isStageSlug(bad)).toBe(false);
    expect(isShippedSlug('leasing')).toBe(true);
    expect(isShippedSlug('finance-options')).toBe(false);
  });
});

describe('sections and places', () => {
  it('offers the sections the shipped stages use, and a place after the last of the section', () => {
    const sections = stageSections();
    expect(sections).toContain('configurator:sections.finance');
    expect(new Set(sections).size).toBe(sections.length);
    expect(sections.sort()).toEqual([...new Set(stageCatalogue.map((s) => s.section))].sort());
    const finance = stageCatalogue.filter((s) => s.section === 'configurator:sections.finance').map((s) => s.order);
    expect(placeIn('configurator:sections.finance')).toBe(Math.max(...finance) + 1);
    expect(placeIn('configurator:sections.nowhere')).toBe(0);
  });
});

describe('bornTitleTexts', () => {
  it("gives a born stage's title per locale (published first), nothing for a shipped stage", () => {
    const key = 'stages.finance-options.title';
    const stage = { slug: 'finance-options', labels: { 'en-GB': { [key]: 'Finance', 'fields.x': 'X' } }, draft: { labels: { 'en-GB': { [key]: 'Finance (draft)' }, 'fr-FR': { [key]: 'Financement' } } } };
    expect(bornTitleTexts(stage as never)).toEqual({ 'en-GB': { [key]: 'Finance' }, 'fr-FR': { [key]: 'Financement' } });
    expect(bornTitleTexts({ slug: 'leasing', labels: { 'en-GB': { 'stages.leasing.title': 'L' } }, draft: null } as never)).toEqual({});
  });
});
