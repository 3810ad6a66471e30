// @vitest-environment jsdom
/**
 * A showcase's chips read in the reader's words (issue 54): a French reader saw "FR" and
 * "Independent"; a region is its country, a company type is translated, a make is a brand name.
 */
import { readFileSync } from 'node:fs';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TermChips } from '../../../src/showcases/parts';

afterEach(cleanup);

const terms = [
  { id: 1, taxonomy: 'region', slug: 'fr', name: 'FR', names: {} },
  { id: 2, taxonomy: 'make', slug: 'skoda', name: 'Škoda', names: {} },
  { id: 3, taxonomy: 'type', slug: 'independent', name: 'Independent', names: {} },
];

function chips(locale: string): string[] {
  const texts = i18next.createInstance();
  const common = JSON.parse(readFileSync(`locales/${locale}/common.json`, 'utf8')) as Record<string, unknown>;
  void texts.init({ initAsync: false, lng: locale, resources: { [locale]: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const { container } = render(
    <I18nextProvider i18n={texts}>
      <TermChips terms={terms} all />
    </I18nextProvider>,
  );
  return [...container.querySelectorAll('.MuiChip-label')].map((c) => c.textContent ?? '');
}

describe('showcase chips', () => {
  it('name the region\'s country and the company type in French, the make as it is', () => {
    expect(chips('fr-FR')).toEqual(['France', 'Škoda', 'Indépendant']);
  });
  it('in Dutch and English too', () => {
    expect(chips('nl-NL')).toEqual(['Frankrijk', 'Škoda', expect.not.stringMatching(/^Independent$/)]);
    expect(chips('en-GB')).toEqual(['France', 'Škoda', 'Independent']);
  });
});
