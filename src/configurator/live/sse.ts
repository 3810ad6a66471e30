/**
 * Server-sent events as the stage page reads them (GET /api/configs/{id}/events): fetch with the
 * bearer header and a stream reader, not EventSource (which cannot send the header). Pure parsing
 * here, the connection in useStageEvents.ts.
 */

export interface ServerEvent {
  event: string;
  data: unknown;
}

/**
 * The complete events at the front of `buffer` (blocks ended by a blank line: `event:` names one,
 * its `data:` lines are JSON; comment lines such as `: ping` are skipped), and what is left over.
 * A block whose data is not JSON is dropped. `lastId`: the last `id:` among them (a block may be an
 * id alone), which the page sends back as `Last-Event-ID` when it connects again.
 */
export function parseEvents(buffer: string): { events: ServerEvent[]; rest: string; lastId?: string } {
  const events: ServerEvent[] = [];
  let lastId: string | undefined;
  const text = buffer.replace(/\r\n?/g, '\n');
  let start = 0;
  let cut: number;
  while ((cut = text.indexOf('\n\n', start)) >= 0) {
    const block = text.slice(start, cut);
    start = cut + 2;
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
      // As EventSource: an id with a NUL is ignored.
      else if (field === 'id' && !value.includes('\0')) lastId = value;
    }
    if (!data.length) continue;
    try {
      events.push({ event: name, data: JSON.parse(data.join('\n')) });
    } catch {
      // Not ours: skipped.
    }
  }
  return { events, rest: text.slice(start), lastId };
}

/** Milliseconds before reconnect attempt `attempt` (0, 1, ...): 1 s doubling to 30 s, with jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}
