// @vitest-environment jsdom
// useConfig gives a page the config its own request read, never a copy another page left in the
// cache; and it gives it whatever the query it ends up reading holds. The query has `gcTime: 0`:
// when the page before (the config's dashboard) goes, the cache drops the query at the next tick,
// and on a busy machine that tick can come while React is still rendering the next page (time
// slicing, a lazy page's chunk). That page then reads a query made anew, whose write count starts
// at 0 again: counted against the count of the dropped one, the page waited forever (the stage
// page's LoadingBar in tests/e2e/stage-list-rows.test.ts, once in a full CI run).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ConfigDetail } from '../../../src/configurator/api';
import { configKeys } from '../../../src/configurator/queryKeys';

const answers = vi.hoisted(() => ({ version: 0 }));
vi.mock('../../../src/configurator/api', () => ({
  getConfig: vi.fn(async (id: string) => {
    answers.version += 1;
    return { id: Number(id), name: `Config v${answers.version}`, version: answers.version } as unknown as ConfigDetail;
  }),
}));

const { useConfig } = await import('../../../src/configurator/useConfig');

/** A page of config 1: its name once useConfig gives the config, "loading" until then. */
function Page({ testId, children }: { testId: string; children?: React.ReactNode }) {
  const { config } = useConfig('1');
  return (
    <div data-testid={testId}>
      {config ? config.name : 'loading'}
      {children}
    </div>
  );
}

/**
 * The cache's garbage collection firing while the page above is rendered but not yet mounted:
 * what the 0 ms gc timer does when it runs between the two (dropping the query only when nothing
 * observes it and nothing is in flight, as Query.optionalRemove does).
 */
function GcTick({ client }: { client: QueryClient }) {
  const done = useRef(false);
  if (!done.current) {
    done.current = true;
    const query = client.getQueryCache().find({ queryKey: configKeys.detail('1'), exact: true });
    if (query && query.getObserversCount() === 0 && query.state.fetchStatus === 'idle') client.getQueryCache().remove(query);
  }
  return null;
}

describe('useConfig (the page reads its own answer)', () => {
  let client: QueryClient;
  beforeEach(() => {
    answers.version = 0;
    client = new QueryClient();
  });
  afterEach(() => {
    cleanup();
    client.clear();
  });

  const wrap = (node: React.ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;

  it('shows the config its own request read, not the copy the page before left', async () => {
    const view = render(wrap(<Page testId="dashboard" />));
    expect(await screen.findByText('Config v1')).toBeTruthy();
    view.rerender(wrap(<Page key="stage" testId="stage" />));
    expect(screen.getByTestId('stage').textContent).toBe('loading');
    expect(await screen.findByText('Config v2')).toBeTruthy();
  });

  it('loads the config when the query the page first saw is dropped before the page mounts', async () => {
    const view = render(wrap(<Page testId="dashboard" />));
    expect(await screen.findByText('Config v1')).toBeTruthy();
    // The dashboard goes first (a lazy stage page shows its fallback meanwhile): nothing observes the query.
    view.rerender(wrap(null));
    expect(client.getQueryCache().find({ queryKey: configKeys.detail('1') })?.state.dataUpdateCount).toBe(1);
    // The stage page renders while the query is still cached, and the gc drops it before the page mounts.
    view.rerender(
      wrap(
        <Page testId="stage">
          <GcTick client={client} />
        </Page>,
      ),
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    // The page's own request has answered and nothing is in flight: the page shows what it read.
    expect(client.getQueryData<ConfigDetail>(configKeys.detail('1'))?.name).toBe('Config v2');
    expect(client.isFetching()).toBe(0);
    expect(screen.getByTestId('stage').textContent).toBe('Config v2');
  });
});
