// @vitest-environment jsdom
/**
 * The activity list (staff and company dashboards), with the real catalogues (issue 54):
 * - each time is written in the portal's locale, not the browser's: a French screen in an English
 *   browser showed "05:02 AM". The runtime here is English (en-US), as that browser was;
 * - an import wrote several stages at once from a file: the list says it was imported and from
 *   which file, not "saved Company information"; undoing it says so too.
 */
import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardActivity } from '../../../contract/dashboard';
import { sharedKeys } from '../../../src/data/queryKeys';
import { ActivityList } from '../../../src/dashboard/ActivityList';

afterEach(cleanup);

// 05:02 on the reader's clock, whatever time zone the tests run in.
const at = new Date(2026, 2, 7, 5, 2);

/** One saved stage; `source` (an import's file) is null for a save. */
const revision = (over: Partial<DashboardActivity> = {}): DashboardActivity => ({
  id: 1,
  config: { id: 3, guid: 'c0ffee00-0000-4000-8000-000000000003', name: 'Demo Motors website' },
  company: { id: 1, name: 'Demo Motors' },
  user: 'Priya Shah',
  action: 'save',
  stage: 'company-information',
  new_state: 'draft',
  source: null,
  created_at: at.toISOString(),
  ...over,
});

/** The list showing `row` in `locale`, the stage catalogue already read (no request leaves the test). */
function shown(row: DashboardActivity, locale: string): HTMLElement {
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
  return container;
}

const timeShown = (locale: string) => shown(revision(), locale).querySelector('time')?.textContent ?? null;
const sentence = (row: DashboardActivity, locale: string) => (shown(row, locale).querySelector('[data-testid="activity"] p')?.textContent ?? '').trim();

describe('the activity list\'s times', () => {
  it('are written in the portal\'s locale in an English browser: French, British and Australian', () => {
    expect(timeShown('fr-FR')).toBe('07/03/2026 05:02');
    expect(timeShown('en-GB')).toBe('07/03/2026 05:02');
    expect(timeShown('en-AU')).toBe('07/03/2026 05:02 am');
  });
});

describe('an import in the activity list', () => {
  it('says the file was imported, not that a stage was saved', () => {
    const imported = revision({ action: 'import', new_state: null, source: 'legacy-dealer.csv' });
    expect(sentence(imported, 'en-GB')).toBe('Priya Shah imported legacy-dealer.csv into Demo Motors website');
    expect(sentence(imported, 'fr-FR')).toBe('Priya Shah a importé legacy-dealer.csv dans Demo Motors website');
  });

  it('says an import was undone, naming its file', () => {
    expect(sentence(revision({ action: 'restore', new_state: null, source: 'legacy-dealer.csv' }), 'en-GB')).toBe('Priya Shah undid the import of legacy-dealer.csv in Demo Motors website');
    // A plain save still reads as one.
    expect(sentence(revision(), 'en-GB')).toBe('Priya Shah saved Company information in Demo Motors website');
  });
});

describe('a stage born since the catalogue was read', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the catalogue again and names the stage, not its slug', async () => {
    const asked: string[] = [];
    const catalogue = { stages: [{ slug: 'company-information', title: 'Company information' }, { slug: 'finance', title: 'Finance' }], design_types: [], project_types: [] };
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify(catalogue), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const list = shown(revision({ stage: 'finance' }), 'en-GB');
    const text = () => (list.querySelector('[data-testid="activity"] p')?.textContent ?? '').trim();
    await waitFor(() => expect(text()).toBe('Priya Shah saved Finance in Demo Motors website'));
    expect(asked.filter((u) => u.includes('/configs/stages'))).toHaveLength(1);
  });
});
