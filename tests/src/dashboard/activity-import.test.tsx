// @vitest-environment jsdom
/**
 * An import wrote several stages at once from a file: the activity list says it was imported and
 * from which file, not "saved Company information" (issue 54); undoing it says so too.
 */
import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardActivity } from '../../../contract/dashboard';
import { sharedKeys } from '../../../src/data/queryKeys';
import { ActivityList } from '../../../src/dashboard/ActivityList';

afterEach(cleanup);

const revision = (over: Partial<DashboardActivity>): DashboardActivity => ({
  id: 1,
  config: { id: 3, guid: 'c0ffee00-0000-4000-8000-000000000003', name: 'Demo Motors website' },
  company: { id: 1, name: 'Demo Motors' },
  user: 'Priya Shah',
  action: 'save',
  stage: 'company-information',
  new_state: 'draft',
  source: null,
  created_at: '2026-03-07T05:02:00.000Z',
  ...over,
});

/** The sentence the list writes for `row`, in `locale`, with the real catalogues. */
function sentence(row: DashboardActivity, locale: string): string {
  const texts = i18next.createInstance();
  const file = (ns: string) => JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8')) as Record<string, unknown>;
  void texts.init({ initAsync: false, lng: locale, resources: { [locale]: { dashboard: file('dashboard'), common: file('common'), configurator: {} } }, interpolation: { escapeValue: false } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sharedKeys.stageCatalogue(), { stages: [{ slug: 'company-information', title: 'Company information' }], design_types: [], project_types: [] });
  const { container } = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={texts}>
        <MemoryRouter>
          <ActivityList rows={[row]} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return (container.querySelector('[data-testid="activity"] p')?.textContent ?? '').trim();
}

describe('an import in the activity list', () => {
  it('says the file was imported, not that a stage was saved', () => {
    const imported = revision({ action: 'import', new_state: null, source: 'legacy-dealer.csv' });
    expect(sentence(imported, 'en-GB')).toBe('Priya Shah imported legacy-dealer.csv into Demo Motors website');
    expect(sentence(imported, 'fr-FR')).toBe('Priya Shah a importé legacy-dealer.csv dans Demo Motors website');
  });

  it('says an import was undone, naming its file', () => {
    expect(sentence(revision({ action: 'restore', new_state: null, source: 'legacy-dealer.csv' }), 'en-GB')).toBe('Priya Shah undid the import of legacy-dealer.csv in Demo Motors website');
    // A plain save still reads as one.
    expect(sentence(revision({}), 'en-GB')).toBe('Priya Shah saved Company information in Demo Motors website');
  });
});
