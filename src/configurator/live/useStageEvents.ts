/**
 * A stage page's live events (server/presence/): who else has the stage open, and saves by others
 * as they happen. Read with fetch and a stream reader (the bearer header goes as on every request),
 * reconnected with back-off when the stream ends or the network drops; when the stream cannot be
 * opened at all (blocked by a proxy, a 4xx or 5xx), the page simply goes on without it (as before
 * issue 55: a save by someone else is learnt at the next save).
 *
 * The server ends a stream when the access token that opened it expires (`expired`, reason
 * `token`): the page takes the session's fresh token (with remember-me the session has renewed it
 * a little before) or renews it as the app renews one after a 401 (`session.recover()`: a silent
 * refresh, else the session-expired modal's sign-in), and connects again at once, keeping who is
 * here on screen meanwhile: the reader notices nothing. A session signed out (`session`) waits for
 * a new sign-in's token. Each stream connected again sends the last event id it heard
 * (`Last-Event-ID`: a config version), and the server starts it with the saves made in between, so
 * a save during a reconnect is not lost.
 */
import { useEffect, useRef, useState } from 'react';
import type { ExpiredEvent, PresenceEvent, ReviewPerson, SavedEvent, ThreadEvent } from '../../../contract/reviews';
import { http } from '../../http';
import { session } from '../../session/session';
import { jwtExpiry, readToken } from '../../session/storage';
import { parseEvents, reconnectDelay } from './sse';

export interface StageEventHandlers {
  onSaved?(event: SavedEvent): void;
  onThread?(event: ThreadEvent): void;
}

export interface StageEvents {
  /** The others who have this stage open now (the reader's own other tabs included, as themselves). */
  others: ReviewPerson[];
  /** The stream is open. */
  live: boolean;
}

/** Where the stream is read and how the session's token is had (the app's; tests give their own). */
export interface EventsSession {
  /** The API's base ('/api'). */
  baseUrl: string;
  /** The access token now (null: signed out). */
  token(): string | null;
  /** The token expired: renew it as the app does after a 401; false when the session is lost. */
  renew(): Promise<boolean>;
  /** Resolves once the session holds a token other than `old` (a sign-in after a sign-out), or on abort. */
  nextToken(old: string, signal: AbortSignal): Promise<void>;
}

/** The app's session: its token cookie, its recovery (silent refresh or the modal), its changes. */
export const appEventsSession: EventsSession = {
  baseUrl: http.baseUrl,
  token: readToken,
  renew: async () => (await session.recover()) === 'retry',
  nextToken: (old, signal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        unsubscribe();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const unsubscribe = session.subscribe(() => {
        const now = readToken();
        if (now && now !== old) done();
      });
      signal.addEventListener('abort', done);
    }),
};

/** Failed opens in a row (network errors, 503 while an instance drains) before the page stops trying. */
const MAX_ATTEMPTS = 8;

const NONE: ReviewPerson[] = [];

/** A token other than `used` that has not expired (the session renewed it already). */
const freshOther = (token: string | null, used: string) => !!token && token !== used && (jwtExpiry(token) ?? Infinity) > Date.now();

export function useStageEvents(configId: number | string | undefined, slug: string, handlers: StageEventHandlers = {}, source: EventsSession = appEventsSession): StageEvents {
  const [others, setOthers] = useState<ReviewPerson[]>(NONE);
  const [live, setLive] = useState(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (configId === undefined || configId === '' || !slug || typeof fetch === 'undefined') return;
    const controller = new AbortController();
    const { signal } = controller;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const quiet = () => {
      setLive(false);
      setOthers(NONE);
    };
    /** A token to replace `used`, which expired: the session's newer one, else a renewal. */
    const renew = async (used: string) => freshOther(source.token(), used) || (!signal.aborted && (await source.renew()));

    void (async () => {
      let failures = 0;
      // The last event id heard (the config version of the last save, or the version when a stream
      // opened): sent when connecting again, the server replays the saves made in between.
      let lastId: string | undefined;
      // A renewal since the last stream that opened: a 401 after it is the session's end, not a stale token.
      let renewed = false;
      while (!signal.aborted && failures < MAX_ATTEMPTS) {
        const token = source.token();
        if (!token) return;
        let response: Response;
        try {
          response = await fetch(`${source.baseUrl}/configs/${encodeURIComponent(String(configId))}/events?stage=${encodeURIComponent(slug)}`, {
            headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', ...(lastId === undefined ? {} : { 'Last-Event-ID': lastId }) },
            cache: 'no-store',
            signal,
          });
        } catch {
          if (signal.aborted) return;
          await wait(reconnectDelay(failures++));
          continue;
        }
        const streaming = response.ok && response.body && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
        if (!streaming) {
          await response.body?.cancel().catch(() => {});
          // The token expired before the page renewed it (a tab asleep): renewed once, as any request's 401.
          if (response.status === 401 && !renewed) {
            renewed = true;
            if (await renew(token)) continue;
            quiet();
            return;
          }
          // An instance draining answers 503: another one takes the next try. Anything else: no live events.
          if (response.status !== 503) return quiet();
          await wait(reconnectDelay(failures++));
          continue;
        }
        failures = 0;
        renewed = false;
        setLive(true);
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        let expired: ExpiredEvent | null = null;
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const parsed = parseEvents(buffer);
            buffer = parsed.rest;
            if (parsed.lastId !== undefined) lastId = parsed.lastId;
            for (const { event, data } of parsed.events) {
              if (event === 'presence') setOthers((data as PresenceEvent).users ?? NONE);
              else if (event === 'saved') latest.current.onSaved?.(data as SavedEvent);
              else if (event === 'thread') latest.current.onThread?.(data as ThreadEvent);
              else if (event === 'expired') expired = data as ExpiredEvent;
            }
          }
        } catch {
          // Cut off (network, the page left): below.
        }
        if (signal.aborted) return;
        if (expired?.reason === 'token') {
          // Who is here stays on screen: the next stream's first event says it again a moment later.
          renewed = true;
          if (await renew(token)) continue;
          quiet();
          return;
        }
        quiet();
        if (expired) {
          // Signed out (elsewhere, or the password changed): live again after a new sign-in only.
          if (!freshOther(source.token(), token)) await source.nextToken(token, signal);
          continue;
        }
        // Ended by the server (an instance stopping) or the network: connect again shortly.
        await wait(reconnectDelay(failures++));
      }
    })();

    return () => {
      controller.abort();
      quiet();
    };
  }, [configId, slug, source]);

  return { others, live };
}
