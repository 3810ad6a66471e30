/**
 * A stage page's live events (server/presence/): who else has the stage open, and saves by others
 * as they happen. Read with fetch and a stream reader (the bearer header goes as on every request),
 * reconnected with back-off when the stream ends or the network drops; when the stream cannot be
 * opened at all (blocked by a proxy, a 4xx or 5xx), the page simply goes on without it (as before
 * issue 55: a save by someone else is learnt at the next save).
 */
import { useEffect, useRef, useState } from 'react';
import type { PresenceEvent, ReviewPerson, SavedEvent, ThreadEvent } from '../../../contract/reviews';
import { http } from '../../http';
import { readToken } from '../../session/storage';
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

/** Failed opens in a row (network errors, 503 while an instance drains) before the page stops trying. */
const MAX_ATTEMPTS = 8;

const NONE: ReviewPerson[] = [];

export function useStageEvents(configId: number | string | undefined, slug: string, handlers: StageEventHandlers = {}): StageEvents {
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
    const dispatch = (name: string, data: unknown) => {
      if (name === 'presence') setOthers((data as PresenceEvent).users ?? NONE);
      else if (name === 'saved') latest.current.onSaved?.(data as SavedEvent);
      else if (name === 'thread') latest.current.onThread?.(data as ThreadEvent);
    };

    void (async () => {
      let failures = 0;
      while (!signal.aborted && failures < MAX_ATTEMPTS) {
        const token = readToken();
        if (!token) return;
        let response: Response;
        try {
          response = await fetch(`${http.baseUrl}/configs/${encodeURIComponent(String(configId))}/events?stage=${encodeURIComponent(slug)}`, {
            headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
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
          // An instance draining answers 503: another one takes the next try. Anything else: no live events.
          if (response.status !== 503) return;
          await wait(reconnectDelay(failures++));
          continue;
        }
        failures = 0;
        setLive(true);
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const parsed = parseEvents(buffer);
            buffer = parsed.rest;
            for (const e of parsed.events) dispatch(e.event, e.data);
          }
        } catch {
          // Cut off (network, the page left): below.
        }
        if (signal.aborted) return;
        setLive(false);
        setOthers(NONE);
        // Ended by the server (an instance stopping) or the network: connect again shortly.
        await wait(reconnectDelay(failures++));
      }
    })();

    return () => {
      controller.abort();
      setLive(false);
      setOthers(NONE);
    };
  }, [configId, slug]);

  return { others, live };
}
