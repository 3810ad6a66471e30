// @vitest-environment jsdom
// Review comments on a stage's fields (issue 55), the app side against a real HTTP server standing in
// for the review routes: the marker beside a field shows the open count and opens the thread panel,
// the reply box sends `@[Name](user:ID)` and the stage's threads are read again, and a dealer sees
// neither Resolve nor Request changes.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import type { ReactNode } from 'react';
import { createRendererI18n, useFieldAddons } from '../../../engine/react';
import { HttpClient } from '../../../src/http/client';
import { createReviewApi, type ReviewThread } from '../../../src/configurator/review/api';
import { ReviewProvider } from '../../../src/configurator/review/ReviewContext';
import { RequestChangesButton } from '../../../src/configurator/review/RequestChanges';
import { memoryStorage } from '../http/memoryStorage';

const pat = { id: 7, name: 'Pat Project', avatar: null };
const dana = { id: 3, name: 'Dana Dealer', avatar: null };
const now = new Date().toISOString();
const thread = (id: number, pointer: string, status: 'open' | 'resolved'): ReviewThread => ({
  id, config_id: 1, stage: 'locations', pointer, orphaned: false, status, created_by: pat, created_at: now, resolved_by: null, resolved_at: null,
  comments: [{ id: id * 10, thread_id: id, author: pat, body: `Please check this (${id})`, created_at: now, edited_at: null, deleted: false, editable_until: now }],
});

let stub: StubApi;
let base: string;
const posts: Array<{ url: string; body: unknown }> = [];
let threadReads = 0;

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    const json = (data: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/api/configs/1/threads?')) {
      threadReads += 1;
      return json([thread(1, '/postcode', 'open'), thread(2, '/postcode', 'open'), thread(3, '/town', 'resolved')]);
    }
    if (req.method === 'GET' && url === '/api/configs/1/mentionable') return json([pat, dana]);
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      return void req.on('end', () => {
        posts.push({ url, body: JSON.parse(body || '{}') });
        json({ ok: true }, 201);
      });
    }
    res.writeHead(404).end();
  });
  base = stub.base;
});
afterAll(() => stub.close());
afterEach(cleanup);

const role = (...permissions: string[]) => [{ id: 1, name: 'Role', permissions: permissions.map((name, i) => ({ id: i + 1, name })) }];
const dealer = { id: 3, roles: role('view configs', 'comment configs') };
const pm = { id: 7, roles: role('view configs', 'comment configs', 'review configs') };

/** What the engine's FieldTemplate does for a field: asks the host's addons for what goes beside it. */
function Field({ pointer, label }: { pointer: string; label: string }) {
  const addons = useFieldAddons();
  return (
    <div data-field-pointer={pointer}>
      <label>{label}</label>
      {addons?.render({ pointer, label, kind: 'value' })}
    </div>
  );
}

function renderReview(user: typeof dealer, stageState: string, children: ReactNode) {
  const api = createReviewApi(new HttpClient(base, memoryStorage()));
  const queryClient = new QueryClient();
  const i18n = createRendererI18n('en-GB');
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ReviewProvider configId={1} stage="locations" stageState={stageState} user={user} labelFor={(p) => p.slice(1)} api={api}>
          {children}
        </ReviewProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

it('the marker beside a field shows its open threads and opens the panel with them', async () => {
  renderReview(pm, 'submitted', (
    <>
      <Field pointer="/postcode" label="Postcode" />
      <Field pointer="/phone" label="Phone" />
    </>
  ));
  const marker = await screen.findByRole('button', { name: '2 comments on Postcode' });
  expect(marker.getAttribute('data-count')).toBe('2');
  // A field without threads offers the reviewer "Add a comment".
  expect(screen.getByRole('button', { name: 'Add a comment on Phone' })).toBeTruthy();
  fireEvent.click(marker);
  const panel = await screen.findByTestId('thread-panel');
  expect(within(panel).getByRole('heading', { name: 'Comments on Postcode' })).toBeTruthy();
  expect(within(panel).getAllByTestId('review-thread')).toHaveLength(2);
  expect(within(panel).getByText('Please check this (1)')).toBeTruthy();
  // A reviewer resolves.
  expect(within(panel).getAllByRole('button', { name: 'Resolve' })).toHaveLength(2);
});

it('the reply box sends the picked mention as @[Name](user:ID) and reads the threads again', async () => {
  posts.length = 0;
  renderReview(dealer, 'draft', <Field pointer="/postcode" label="Postcode" />);
  fireEvent.click(await screen.findByRole('button', { name: '2 comments on Postcode' }));
  const panel = await screen.findByTestId('thread-panel');
  const box = within(panel).getAllByTestId('reply-input')[0] as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: 'Done, @pa', selectionStart: 9 } });
  const option = await screen.findByRole('option', { name: 'Pat Project' });
  fireEvent.click(option);
  expect(box.value).toBe('Done, @[Pat Project](user:7) ');
  const readsBefore = threadReads;
  fireEvent.click(within(panel).getAllByTestId('reply-input-send')[0]);
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({ url: '/api/configs/1/threads/1/comments', body: { body: 'Done, @[Pat Project](user:7)' } });
  await waitFor(() => expect(threadReads).toBeGreaterThan(readsBefore));
});

it('a dealer sees neither Resolve nor Request changes; a project manager sees both on a submitted stage', async () => {
  renderReview(dealer, 'submitted', (
    <>
      <RequestChangesButton stageTitle="Locations" />
      <Field pointer="/postcode" label="Postcode" />
    </>
  ));
  fireEvent.click(await screen.findByRole('button', { name: '2 comments on Postcode' }));
  const panel = await screen.findByTestId('thread-panel');
  expect(within(panel).queryByRole('button', { name: 'Resolve' })).toBeNull();
  expect(within(panel).getAllByTestId('reply-input')).toHaveLength(2);
  expect(screen.queryByTestId('request-changes')).toBeNull();
  cleanup();

  posts.length = 0;
  renderReview(pm, 'submitted', <RequestChangesButton stageTitle="Locations" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
  const dialog = await screen.findByTestId('request-changes-dialog');
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
  fireEvent.change(within(dialog).getByTestId('request-changes-message'), { target: { value: 'Two things to fix' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByTestId('request-changes-confirm'));
  });
  await waitFor(() => expect(posts).toEqual([{ url: '/api/configs/1/stages/locations/request-changes', body: { message: 'Two things to fix' } }]));
});
