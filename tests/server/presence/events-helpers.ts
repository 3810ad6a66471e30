// Reading GET /api/configs/{id}/events as the app does: fetch with a bearer header and a stream reader.
import type { ExpiredEvent, PresenceEvent, SavedEvent, ThreadEvent } from '../../../contract/reviews';

export interface ServerEvent {
  event: string;
  data: unknown;
}
type Named = { presence: PresenceEvent; saved: SavedEvent; thread: ThreadEvent; expired: ExpiredEvent };

export interface EventReader {
  status: number;
  /** Every event received so far, in order. */
  events: ServerEvent[];
  /** Comment lines received (`: ping`). */
  comments: string[];
  /** The `id:` fields received, in order (a save's version; the version when the stream opened). */
  ids: string[];
  /** The first event named `name` (from the `from`-th on) that `match` accepts, waiting for it. */
  next<N extends keyof Named>(name: N, match?: (data: Named[N]) => boolean, timeoutMs?: number): Promise<Named[N]>;
  /** Whether the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a config's event stream for a stage; resolves once the answer's headers are in. */
export async function openEvents(baseUrl: string, token: string | null, config: number | string, stage: string, lastEventId?: string): Promise<EventReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${baseUrl}/api/configs/${config}/events?stage=${encodeURIComponent(stage)}`, { headers, signal: controller.signal });
  const events: ServerEvent[] = [];
  const comments: string[] = [];
  const ids: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let done = false;
  const ended = (async () => {
    if (!res.ok || !res.body) {
      await res.text().catch(() => '');
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('id: ')) ids.push(line.slice(4));
          }
          if (data.length) events.push({ event: name, data: JSON.parse(data.join('\n')) });
          wake();
        }
      }
    } catch {
      // aborted
    } finally {
      done = true;
      wake();
    }
  })();
  const next = <N extends keyof Named>(name: N, match: (data: Named[N]) => boolean = () => true, timeoutMs = 5000): Promise<Named[N]> =>
    new Promise((resolve, reject) => {
      const seen = new Set<ServerEvent>();
      const check = () => {
        const found = events.find((e) => !seen.has(e) && e.event === name && match(e.data as Named[N]));
        if (found) {
          finish();
          resolve(found.data as Named[N]);
        } else if (done) {
          finish();
          reject(new Error(`stream ended without ${name}; got ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no ${name} within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { status: res.status, events, comments, ids, next, ended, close: () => controller.abort() };
}

export const names = (e: PresenceEvent) => e.users.map((u) => u.name).sort();
