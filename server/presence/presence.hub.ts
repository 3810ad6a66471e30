/**
 * The event streams this instance holds, and its one LISTEN on `config_events`: each notification
 * (from any instance: a revision's trigger, a thread, a tab opening or closing) is fanned out in
 * memory to the streams of its config. One heartbeat timer for all of them.
 */
import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { PRESENCE_HEARTBEAT_SECONDS, type ExpiredEvent, type PresenceEvent, type SavedEvent, type ThreadEvent } from '../../contract/reviews';
import type { Database } from '../db/database';
import {
  EVENTS_CHANNEL, MISSED_LIMIT, closeTab, heartbeat, liveSessions, notify, othersOf, presentTabs, revisionFacts, revisionsSince, savedEventFor, sessionKey, type ChannelMessage, type RevisionFacts, type StreamSession,
} from './presence.service';

/** One open stage page. */
export interface Stream {
  tab: string;
  configId: number;
  stage: string;
  userId: number;
  out: PassThrough;
  /** The last `presence` sent (JSON), so an unchanged list is not sent again. */
  lastPresence: string | null;
  /** The session and token version of the access token that opened the stream. */
  session: StreamSession;
  /** When that token expires (epoch ms): the stream ends then, saying `expired`. */
  expiresAt: number;
  /** The timer of that end (set by the hub). */
  expiry?: NodeJS.Timeout;
}

type EventName = 'presence' | 'saved' | 'thread' | 'expired';
type EventData = PresenceEvent | SavedEvent | ThreadEvent | ExpiredEvent;

/** setTimeout's longest delay (about 24.8 days): a longer one fires at once. */
const MAX_DELAY = 2_147_483_647;

/**
 * One server-sent event: its name, one JSON `data:` line and, for a save, its config version as the
 * event's `id` (a page that connects again sends the last one as `Last-Event-ID`: the saves it missed).
 */
export const sseEvent = (name: EventName, data: EventData, id?: number) => `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

export class PresenceHub {
  readonly streams = new Set<Stream>();
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Cleanups under way (a closed tab's row and notification): close() waits for them before the database goes. */
  private readonly pending = new Set<Promise<unknown>>();
  /** A revision read once for every stream of its config (a burst of streams on one save). */
  private readonly revisions = new Map<number, Promise<RevisionFacts | null>>();
  closing = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly heartbeatMs = PRESENCE_HEARTBEAT_SECONDS * 1000,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => this.track(this.onMessage(payload)),
      (err) => this.log.warn({ err }, 'config events: LISTEN connection lost, connecting again'),
    );
    this.timer = setInterval(() => this.track(this.beat()), this.heartbeatMs);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  /** Runs `work` in the background, logging its failure, and remembers it until it ends. */
  track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => this.log.warn({ err }, 'config events'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** A new stream; it ends, saying `expired`, when the access token that opened it expires. */
  add(stream: Stream): void {
    this.streams.add(stream);
    stream.expiry = setTimeout(() => this.expire(stream, 'token'), Math.min(MAX_DELAY, Math.max(0, stream.expiresAt - Date.now())));
    stream.expiry.unref();
  }

  /**
   * The stream ended (client gone, drain): its row goes and the others are told. `tell: false`
   * leaves the telling to the next heartbeat: a page whose token expired connects again at once,
   * and the others' lists would flicker (the person gone, back a moment later); if it does not
   * come back, every instance's heartbeat re-reads the list (PRESENCE_HEARTBEAT_SECONDS).
   */
  remove(stream: Stream, tell = true): void {
    if (!this.streams.delete(stream)) return;
    clearTimeout(stream.expiry);
    if (!stream.out.writableEnded) stream.out.end();
    this.track(
      (async () => {
        await closeTab(this.database.db, stream.tab);
        if (tell) await notify(this.database.db, { kind: 'presence', config_id: stream.configId, stage: stream.stage });
      })(),
    );
  }

  /**
   * Ends a stream whose access token expired (`token`: the page renews it and connects again) or
   * whose session ended (`session`: signed out, password changed, user disabled), saying why last.
   */
  expire(stream: Stream, reason: ExpiredEvent['reason']): void {
    if (!this.streams.has(stream)) return;
    write(stream, sseEvent('expired', { reason }));
    this.remove(stream, reason === 'session');
  }

  /** Sends `presence` to the streams of the config's stage whose list changed (or `only` that one, always). */
  async sendPresence(configId: number, stage: string, only?: Stream): Promise<void> {
    const targets = only ? [only] : [...this.streams].filter((s) => s.configId === configId && s.stage === stage);
    if (!targets.length) return;
    const tabs = await presentTabs(this.database.db, configId, stage);
    for (const s of targets) {
      const event: PresenceEvent = { users: othersOf(tabs, s.userId) };
      const json = JSON.stringify(event);
      if (json === s.lastPresence && !only) continue;
      s.lastPresence = json;
      write(s, sseEvent('presence', event));
    }
  }

  private async onMessage(payload: string): Promise<void> {
    let message: ChannelMessage;
    try {
      message = JSON.parse(payload) as ChannelMessage;
    } catch {
      return;
    }
    const targets = [...this.streams].filter((s) => s.configId === message.config_id);
    if (!targets.length) return;
    if (message.kind === 'presence') return this.sendPresence(message.config_id, message.stage);
    if (message.kind === 'thread') {
      const event: ThreadEvent = { thread_id: message.thread_id, stage: message.stage };
      for (const s of targets) write(s, sseEvent('thread', event));
      return;
    }
    if (message.kind === 'saved') {
      const facts = await this.revision(message.revision_id);
      if (!facts) return;
      for (const s of targets) if (this.streams.has(s)) write(s, sseEvent('saved', savedEventFor(facts, s.stage), facts.version));
    }
  }

  /**
   * A new stream's place in the config's saves: with `since` (the `Last-Event-ID` of a page that
   * connects again: the last version it heard of), the saves made while it was away, one `saved`
   * each (more than MISSED_LIMIT: the last one, as a change of the whole stage); then the version
   * now as an `id` alone (no event), the page's `since` the next time. Called after the stream was
   * added to the hub, so a save committed meanwhile comes live or here (twice at worst: a page
   * ignores a version it has).
   */
  async sendPosition(stream: Stream, since: number | null): Promise<void> {
    const { missed, version } = await revisionsSince(this.database.db, stream.configId, since);
    if (missed.length > MISSED_LIMIT) {
      const last = missed.at(-1)!;
      write(stream, sseEvent('saved', { ...savedEventFor(last, stream.stage), fields: [''] }, last.version));
    } else for (const facts of missed) write(stream, sseEvent('saved', savedEventFor(facts, stream.stage), facts.version));
    write(stream, `id: ${version}\n\n`);
  }

  private revision(id: number): Promise<RevisionFacts | null> {
    let found = this.revisions.get(id);
    if (!found) {
      found = revisionFacts(this.database.db, id);
      this.revisions.set(id, found);
      // Kept for the fan-out of this notification only.
      const forget = setTimeout(() => this.revisions.delete(id), 5000);
      forget.unref();
    }
    return found;
  }

  /** Every tab of this instance is still here; the proxies see traffic; lists of stale tabs refreshed. */
  private async beat(): Promise<void> {
    if (this.closing) return;
    const streams = [...this.streams];
    for (const s of streams) write(s, ': ping\n\n');
    await heartbeat(this.database.db, streams.map((s) => s.tab));
    // A session signed out (or its password changed, its user disabled) ends its streams here:
    // nothing tells the streams at once, so the heartbeat asks, one statement for all of them.
    const live = await liveSessions(this.database.db, streams.map((s) => s.session));
    for (const s of streams) if (!live.has(sessionKey(s.session))) this.expire(s, 'session');
    const keys = new Map(streams.map((s) => [`${s.configId}/${s.stage}`, s]));
    for (const s of keys.values()) await this.sendPresence(s.configId, s.stage);
  }

  /** Draining: every stream ends (its client connects again elsewhere). */
  endAll(): void {
    this.closing = true;
    for (const s of [...this.streams]) this.remove(s);
  }

  /** Close: after the streams' cleanups, the LISTEN goes; then the database may close. */
  async stop(): Promise<void> {
    this.endAll();
    clearInterval(this.timer);
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await this.stopListening?.().catch(() => {});
    this.stopListening = null;
  }
}

/** Bytes a stream may hold unread before it is ended (a client that stopped reading). */
const MAX_BUFFERED = 256 * 1024;

function write(s: Stream, text: string): void {
  if (s.out.writableEnded || s.out.destroyed) return;
  if (s.out.writableLength > MAX_BUFFERED) s.out.end();
  else s.out.write(text);
}
