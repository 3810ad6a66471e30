// @vitest-environment jsdom
/**
 * The activity list (staff and company dashboards) writes each time in the portal's locale, not
 * the browser's: a French screen in an English browser showed "05:02 AM" (issue 54). The runtime
 * here is English (en-US), as that browser was.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardActivity } from '../../../contract/dashboard';
import { createRendererI18n } from '../../../engine/react';
import { sharedKeys } from '../../../src/data/queryKeys';
import { ActivityList } from '../../../src/dashboard/ActivityList';

afterEach(cleanup);

// 05:02 on the reader's clock, whatever time zone the tests run in.
const at = new Date(2026, 2, 7, 5, 2);
// One saved stage; `source` (an import's file) is null for a save.
const row = {
  id: 1,
  config: { id: 3, guid: 'c0ffee00-0000-4000-8000-000000000003', name: 'Demo Motors website' },
  company: { id: 1, name: 'Demo Motors' },
  user: 'Dana Dealer',
  action: 'save',
  stage: 'opening-hours',
  new_state: 'draft',
  source: null,
  created_at: at.toISOString(),
} as DashboardActivity;

/** The list in `locale`, the stage catalogue already read (no request leaves the test). */
function timeShown(locale: string): string | null {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sharedKeys.stageCatalogue(), { stages: [], design_types: [], project_types: [] });
  const { container } = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createRendererI18n(locale)}>
        <MemoryRouter>
          <ActivityList rows={[row]} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return container.querySelector('time')?.textContent ?? null;
}

describe('the activity list\'s times', () => {
  it('are written in the portal\'s locale in an English browser: French, British and Australian', () => {
    expect(timeShown('fr-FR')).toBe('07/03/2026 05:02');
    expect(timeShown('en-GB')).toBe('07/03/2026 05:02');
    expect(timeShown('en-AU')).toBe('07/03/2026 05:02 am');
  });
});
