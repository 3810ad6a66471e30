// @vitest-environment jsdom
// Review markers on the overview (issue 55): a comment on one field shows beside that field's row
// on the overview too, with its open count, and opens the stage page's thread panel. Threads on a
// field the overview shows inside another row (an address's town, a franchise of a location shown
// as a list) sit by that row; whole-stage and orphaned threads by the stage's heading. A thread on a
// list row follows its row (the API answers the pointer where the row is now). Against a real HTTP
// server standing in for the review routes.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { createRendererI18n } from '../../../engine/react';
import type { Translate } from '../../../engine';
import { HttpClient } from '../../../src/http/client';
import { createReviewApi, type ReviewThread } from '../../../src/configurator/review/api';
import { OverviewStageReview } from '../../../src/configurator/review/OverviewStageReview';
import { overviewPlace } from '../../../src/configurator/review/overviewPlace';
import { stageSummary } from '../../../src/configurator/dashboard/summary';
import { shownPointers, StageSummaryView, SummaryAside } from '../../../src/configurator/dashboard/SummaryView';
import { memoryStorage } from '../http/memoryStorage';

const pat = { id: 7, name: 'Pat Project', avatar: null };
const now = new Date().toISOString();
const thread = (id: number, pointer: string, status: 'open' | 'resolved' = 'open', orphaned = false): ReviewThread => ({
  id, config_id: 1, stage: 'locations', pointer, orphaned, status, created_by: pat, created_at: now, resolved_by: null, resolved_at: null,
  comments: [{ id: id * 10, thread_id: id, author: pat, body: `Check this (${id})`, created_at: now, edited_at: null, deleted: false, editable_until: now }],
});

const calais = { id: 'l1Cal', name: 'Calais', address: { line1: '1 Rue Royale', town: 'Calais', country: 'FR' }, postcode: 'CA1 1AA', franchises: ['fKia'] };
const lille = { id: 'l2Lil', name: 'Lille', address: { line1: '2 Rue Nationale', town: 'Lille', country: 'FR' }, postcode: 'LI1 1AA', franchises: ['fKia'] };
// Lille is the first row now: a thread written on its postcode as row 1 is answered at row 0.
const doc = { franchises: { franchises: [{ id: 'fKia', name: 'Kia' }] }, locations: { locations: [lille, calais] } };

let stub: StubApi;
let base: string;
const posts: Array<{ url: string; body: unknown }> = [];

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      return void req.on('end', () => {
        posts.push({ url: req.url ?? '', body: JSON.parse(body || '{}') });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    }
    res.writeHead(404).end();
  });
  base = stub.base;
});
afterAll(() => stub.close());
afterEach(cleanup);

const role = (...permissions: string[]) => [{ id: 1, name: 'Role', permissions: permissions.map((name, i) => ({ id: i + 1, name })) }];
const pm = { id: 7, roles: role('view configs', 'comment configs', 'review configs') };
const reader = { id: 9, roles: role('view configs') };

function renderOverview(threads: ReviewThread[], user: typeof pm) {
  const i18n = createRendererI18n('en-GB');
  const t = i18n.t.bind(i18n) as Translate;
  const fields = stageSummary('locations', doc, t);
  const api = createReviewApi(new HttpClient(base, memoryStorage()));
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <OverviewStageReview configId={1} stage="locations" stageState="submitted" user={user} labelFor={(p) => `label of ${p}`} threads={threads} shown={shownPointers(fields)} api={api}>
          <div data-testid="stage-heading">
            <h3>Locations</h3>
            <SummaryAside pointer="" label="Locations" kind="group" />
          </div>
          <StageSummaryView fields={fields} />
        </OverviewStageReview>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

it('places a thread by the nearest row the overview shows, else by the heading', () => {
  const shown = new Set(['/locations/0', '/locations/0/address', '/locations/0/postcode']);
  expect(overviewPlace({ pointer: '/locations/0/postcode', orphaned: false }, shown)).toBe('/locations/0/postcode');
  expect(overviewPlace({ pointer: '/locations/0/address/town', orphaned: false }, shown)).toBe('/locations/0/address');
  expect(overviewPlace({ pointer: '/locations/0/id', orphaned: false }, shown)).toBe('/locations/0');
  expect(overviewPlace({ pointer: '/locations', orphaned: false }, shown)).toBe('');
  expect(overviewPlace({ pointer: '', orphaned: false }, shown)).toBe('');
  expect(overviewPlace({ pointer: '/locations/0/postcode', orphaned: true }, shown)).toBe('');
});

it('shows the marker with its open count beside the commented field of its row, and opens the thread panel there', async () => {
  renderOverview([thread(1, '/locations/0/postcode'), thread(2, '/locations/0/postcode', 'resolved'), thread(3, '/locations/1/address/town')], pm);
  // Lille is row 0: its postcode's row has the marker, Calais's postcode none.
  const lille = screen.getAllByTestId('summary-item').find((el) => el.textContent?.startsWith('Lille'))!;
  const calais = screen.getAllByTestId('summary-item').find((el) => el.textContent?.startsWith('Calais'))!;
  const marker = within(lille).getByRole('button', { name: '1 comment on Postcode' });
  expect(marker.getAttribute('data-count')).toBe('1');
  expect(marker.getAttribute('data-review-marker')).toBe('/locations/0/postcode');
  expect(within(calais).queryByRole('button', { name: /on Postcode/ })).toBeNull();
  // The town is shown inside the address's one line: its thread sits by the address.
  expect(within(calais).getByRole('button', { name: '1 comment on Address' }).getAttribute('data-review-marker')).toBe('/locations/1/address');
  // No "Add a comment" beside rows without threads, and nothing by the heading.
  expect(screen.queryAllByTestId('review-add')).toEqual([]);
  expect(screen.getAllByTestId('review-marker')).toHaveLength(2);

  fireEvent.click(marker);
  const panel = await screen.findByTestId('thread-panel');
  expect(within(panel).getByRole('heading', { name: 'Comments on Postcode' })).toBeTruthy();
  expect(within(panel).getAllByTestId('review-thread')).toHaveLength(2);
  expect(within(panel).getByText('Check this (1)')).toBeTruthy();
  // Read and answered there as on the stage page; a reviewer resolves.
  expect(within(panel).getAllByRole('button', { name: 'Resolve' })).toHaveLength(1);
  fireEvent.change(within(panel).getByTestId('reply-input'), { target: { value: 'Fixed now' } });
  fireEvent.click(within(panel).getByTestId('reply-input-send'));
  await waitFor(() => expect(posts).toEqual([{ url: '/api/configs/1/threads/1/comments', body: { body: 'Fixed now' } }]));
});

it('puts whole-stage and orphaned threads by the stage heading, each named in the panel', async () => {
  renderOverview([thread(4, ''), thread(5, '/locations/2/postcode', 'open', true)], reader);
  const marker = within(screen.getByTestId('stage-heading')).getByRole('button', { name: '2 comments on Locations' });
  fireEvent.click(marker);
  const panel = await screen.findByTestId('thread-panel');
  expect(within(panel).getAllByTestId('review-thread')).toHaveLength(2);
  // The orphaned one says what it was about, and that its row is gone.
  expect(within(panel).getByRole('heading', { name: 'label of /locations/2/postcode' })).toBeTruthy();
  expect(within(panel).getByTestId('thread-orphaned')).toBeTruthy();
  // A reader without 'comment configs' reads only: no reply box, no Resolve.
  expect(within(panel).queryByTestId('reply-input')).toBeNull();
  expect(within(panel).queryByRole('button', { name: 'Resolve' })).toBeNull();
});
