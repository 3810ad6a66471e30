// @vitest-environment jsdom
// A stage page's event stream outlives its access token (issue 55): the server ends a stream when
// the token that opened it expires (`expired` {reason: 'token'}); the page takes the session's new
// token, or renews it as the app renews one after a 401, and connects again at once: who is here
// stays on screen throughout and saves keep coming. A session signed out waits for a new sign-in.
// Against a real HTTP server speaking the stream's wire format.
import { type ServerResponse } from 'node:http';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import type { SavedEvent } from '../../../contract/reviews';
import { useStageEvents, type EventsSession } from '../../../src/configurator/live/useStageEvents';

const pat = { id: 7, name: 'Pat Project', avatar: null };

let stub: StubApi;
let base: string;
/** The bearer token of each stream opened, in order. */
let opened: string[] = [];
/** The Last-Event-ID each stream was opened with, in order. */
let resumedFrom: Array<string | undefined> = [];
/** The open streams' responses, by token. */
const streams = new Map<string, ServerResponse>();
/** Tokens the server takes (anything else: 401, as an expired token). */
let valid = new Set<string>();

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    opened.push(token);
    resumedFrom.push(req.headers['last-event-id'] as string | undefined);
    if (!valid.has(token)) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorised"}');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': open\n\n');
    res.write(`event: presence\ndata: ${JSON.stringify({ users: [pat] })}\n\n`);
    // The stream's place: the config's version when it opened (an id alone), as presence.hub.ts.
    res.write('id: 5\n\n');
    streams.set(token, res);
  });
  base = stub.base;
});
afterAll(() => stub.close());
beforeEach(() => {
  opened = [];
  resumedFrom = [];
  valid = new Set(['first']);
});
afterEach(() => {
  cleanup();
  for (const res of streams.values()) res.end();
  streams.clear();
});

/** The server ends a stream as presence.hub.ts does: `expired` last. */
const expire = (token: string, reason: 'token' | 'session') => {
  const res = streams.get(token)!;
  streams.delete(token);
  res.end(`event: expired\ndata: ${JSON.stringify({ reason })}\n\n`);
};
const save = (token: string, version: number) => streams.get(token)!.write(`event: saved\nid: ${version}\ndata: ${JSON.stringify({ version, stage: 'locations', by: pat, fields: ['/x'] })}\n\n`);

/** A session whose token is `current.token`; `renew` hands out `next` (as a refresh or the modal's sign-in would). */
function fakeSession(next: string | null) {
  const calls = { renew: 0 };
  const current = { token: 'first' as string | null };
  const waiters: Array<() => void> = [];
  const source: EventsSession = {
    baseUrl: base,
    token: () => current.token,
    renew: async () => {
      calls.renew += 1;
      if (!next) return false;
      current.token = next;
      return true;
    },
    nextToken: (_old, signal) =>
      new Promise((resolve) => {
        waiters.push(resolve);
        signal.addEventListener('abort', () => resolve());
      }),
  };
  const signIn = (token: string) => {
    valid.add(token);
    current.token = token;
    waiters.splice(0).forEach((w) => w());
  };
  return { source, calls, current, signIn };
}

function open(source: EventsSession) {
  const saves: SavedEvent[] = [];
  /** Every `others` the page showed, in order, from the first presence on. */
  const shown: number[] = [];
  const hook = renderHook(() => {
    const events = useStageEvents(1, 'locations', { onSaved: (e) => saves.push(e) }, source);
    if (shown.length || events.others.length) shown.push(events.others.length);
    return events;
  });
  return { hook, saves, shown };
}

it('renews an expired token and connects again at once: who is here stays shown, saves keep coming', async () => {
  valid.add('second');
  const { source, calls } = fakeSession('second');
  const { hook, saves, shown } = open(source);
  await waitFor(() => expect(hook.result.current.others).toEqual([pat]));
  act(() => expire('first', 'token'));
  await waitFor(() => expect(opened).toEqual(['first', 'second']));
  expect(calls.renew).toBe(1);
  await waitFor(() => expect(streams.has('second')).toBe(true));
  act(() => void save('second', 9));
  await waitFor(() => expect(saves.map((s) => s.version)).toEqual([9]));
  // Pat never left the screen, and the stream is live.
  expect(shown.every((n) => n === 1)).toBe(true);
  expect(hook.result.current.live).toBe(true);
});

it('connects again from the last save it heard, so the server sends the saves made in between', async () => {
  valid.add('second');
  valid.add('third');
  const { source, current } = fakeSession('second');
  const { hook } = open(source);
  await waitFor(() => expect(hook.result.current.live).toBe(true));
  act(() => expire('first', 'token'));
  await waitFor(() => expect(streams.has('second')).toBe(true));
  // The first stream had only its place (5); the second hears save 6, then ends.
  act(() => void save('second', 6));
  await new Promise((r) => setTimeout(r, 50));
  current.token = 'third';
  act(() => expire('second', 'token'));
  await waitFor(() => expect(opened).toEqual(['first', 'second', 'third']));
  expect(resumedFrom).toEqual([undefined, '5', '6']);
});

it('takes the token the session already renewed (remember-me renews before the end) without asking again', async () => {
  valid.add('renewed');
  const { source, calls, current } = fakeSession(null);
  const { hook } = open(source);
  await waitFor(() => expect(hook.result.current.live).toBe(true));
  // A JWT-shaped token whose exp is an hour away.
  const jwt = `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`;
  valid.add(jwt);
  current.token = jwt;
  act(() => expire('first', 'token'));
  await waitFor(() => expect(opened).toEqual(['first', jwt]));
  expect(calls.renew).toBe(0);
});

it('renews once on a 401 (a token that expired while the tab slept); a lost session leaves the page without live events', async () => {
  valid = new Set(['second']);
  const { source, calls } = fakeSession('second');
  const { hook } = open(source);
  await waitFor(() => expect(opened).toEqual(['first', 'second']));
  await waitFor(() => expect(hook.result.current.others).toEqual([pat]));
  expect(calls.renew).toBe(1);
  cleanup();

  opened = [];
  valid = new Set();
  const lost = fakeSession(null);
  const page = open(lost.source);
  await waitFor(() => expect(lost.calls.renew).toBe(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(opened).toEqual(['first']);
  expect(page.hook.result.current).toEqual({ others: [], live: false });
});

it('a session signed out ends live events until a new sign-in, then connects with its token', async () => {
  const { source, calls, signIn } = fakeSession('never');
  const { hook } = open(source);
  await waitFor(() => expect(hook.result.current.live).toBe(true));
  act(() => expire('first', 'session'));
  await waitFor(() => expect(hook.result.current).toEqual({ others: [], live: false }));
  await new Promise((r) => setTimeout(r, 50));
  expect(opened).toEqual(['first']);
  expect(calls.renew).toBe(0);
  act(() => signIn('again'));
  await waitFor(() => expect(opened).toEqual(['first', 'again']));
  await waitFor(() => expect(hook.result.current.others).toEqual([pat]));
});
