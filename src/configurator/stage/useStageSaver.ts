/**
 * Every write of one stage editor, in one queue: background drafts (autosave), Save, Submit,
 * Reopen and Mark completed. It keeps the version and stage data the next write is based on,
 * keeps unsent edits in browser storage until the server has them, and says how things stand
 * (the indicator's status).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { StageState } from '../../../engine';
import { HttpError, isStaleWrite, NetworkError } from '../../http';
import { session } from '../../session/session';
import { useSession } from '../../session/useSession';
import { writeStage, type ConfigDetail, type WriteResponse } from '../api';
import { serverErrorSchema } from './serverErrors';
import { forgetUnsent, keepUnsent } from './unsent';

/** Milliseconds after the last edit before a background draft is sent. */
export const AUTOSAVE_DELAY_MS = 1500;
/** Milliseconds after the last edit before unsent edits are written to browser storage. */
const KEEP_DELAY_MS = 300;

/**
 * What the indicator shows: all saved, edits waiting for the background save, a save under way,
 * kept on this device only, or failed. `pending` is still while the user types: an animated
 * indicator would make the browser paint every frame and slow each keystroke (issue 10).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'failed';
/** `incomplete`: the form's own validation refused (errors shown on the fields); `invalid`: the server's 422. */
export type SaveOutcome = 'saved' | 'incomplete' | 'invalid' | 'conflict' | 'failed' | 'skipped';
export type SaveKind = 'auto' | 'manual';

/** The user's side of a 409: what they have, and the data it was based on. */
export interface ConflictInfo {
  mine: unknown;
  base: unknown;
  internal?: Record<string, unknown>;
}

export interface StageSaverOptions {
  /** The server's copy this editor started from. */
  config: ConfigDetail;
  slug: string;
  /** Browser-storage key of this user's unsent edits of this stage (null: not kept). */
  storageKey: string | null;
  /** The editor starts with edits the server does not have yet (restored or merged). */
  startPending: boolean;
  /** The state background saves write (the stage's own state); null: no autosave here. */
  autosaveState: StageState | null;
  /** The stage data (and internal data on the internal route) as the form holds them now. */
  read(): { data: unknown; internal?: Record<string, unknown> };
  /** Validates the whole stage in the form (errors shown on the fields); true when it may be sent. */
  validate(mode: 'draft' | 'submit'): boolean;
  onAnswer(answer: WriteResponse, state: StageState, kind: SaveKind): void;
  onConflict(info: ConflictInfo): void;
  /** A 422: the field errors (rjsf error tree) and the server's message. */
  onInvalid(errors: ErrorSchema, message: string, kind: SaveKind): void;
  /** Any other failure of a save the user asked for (already translated texts). */
  onFailed(message: string, kind: SaveKind): void;
}

export interface StageSaver {
  status: SaveStatus;
  /** Edits the server has not acknowledged exist (the unsaved-changes prompt fires only then). */
  unsent: boolean;
  /** Call after every edit: schedules the storage copy and the background draft. */
  edited(): void;
  /** Queues a write with the given state (after any write in flight). */
  save(state: StageState, kind?: SaveKind): Promise<SaveOutcome>;
  /** The version the next write is based on. */
  version(): number;
  /** Stops background saves and forgets the kept copy (Reset, Discard). */
  discard(): void;
  /** The stage data the version the next write is based on holds (what the user's edits are measured from). */
  base(): unknown;
  /** A write of this editor is under way (its answer is not in yet). */
  writing(): boolean;
  /** Edits the server has not acknowledged, now (not as of the last render). */
  hasUnsent(): boolean;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/**
 * useState whose setter does nothing when the value is already the one set: every keystroke calls
 * `edited()`, and a same-value setState can still schedule a render of the editor on the keystroke
 * path (React's eager bail-out does not always apply) (issue 10).
 */
function useChangedState<T>(initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState(initial);
  const current = useRef(initial);
  const set = useCallback((next: T) => {
    if (Object.is(current.current, next)) return;
    current.current = next;
    setValue(next);
  }, []);
  return [value, set];
}

export function useStageSaver(options: StageSaverOptions): StageSaver {
  // The latest callbacks without re-creating the queue (the form is never re-created by a save).
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });
  const { slug, storageKey, autosaveState } = options;
  const version = useRef(options.config.version);
  // The whole config at `version`: each answer carries only what its write changed (api.ts).
  const known = useRef<ConfigDetail>(options.config);
  const base = useRef<unknown>(options.config.data[slug]);
  // Edits counted, and the count the server has acknowledged: unsent while they differ.
  const edits = useRef(options.startPending ? 1 : 0);
  const acked = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const autoTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keepTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useChangedState<SaveStatus>(options.startPending ? (autosaveState ? 'pending' : 'failed') : 'saved');
  const [unsent, setUnsent] = useChangedState(options.startPending);
  const online = useOnline();
  const { modalOpen } = useSession();

  const keepNow = useCallback(() => {
    clearTimeout(keepTimer.current);
    if (!storageKey || stopped.current || edits.current === acked.current) return;
    const { data, internal } = opts.current.read();
    keepUnsent(storageKey, { data, internal, baseVersion: version.current, base: base.current, savedAt: Date.now() });
  }, [storageKey]);

  const save = useCallback(
    (state: StageState, kind: SaveKind = 'manual'): Promise<SaveOutcome> => {
      const run = async (): Promise<SaveOutcome> => {
        if (stopped.current) return 'skipped';
        if (kind === 'auto' && edits.current === acked.current) return 'skipped';
        const o = opts.current;
        if (!o.validate(state === 'draft' ? 'draft' : 'submit')) {
          setStatus('failed');
          return 'incomplete';
        }
        const seq = edits.current;
        const { data, internal } = o.read();
        inFlight.current = true;
        setStatus('saving');
        try {
          const answer = await writeStage(known.current, { slug, data, state, version: version.current, action: 'save', ...(internal ? { internal_data: internal } : {}) });
          if (!answer) {
            setStatus('failed');
            return 'failed';
          }
          version.current = answer.version;
          known.current = answer;
          base.current = answer.data[slug];
          acked.current = seq;
          if (edits.current === seq) {
            if (storageKey) forgetUnsent(storageKey);
            setUnsent(false);
            setStatus('saved');
          } else {
            // Typed on while the save was under way: the rest goes in the next one (or, on a
            // stage without autosave, waits for the user's own save).
            setStatus(opts.current.autosaveState ? 'pending' : 'failed');
            keepNow();
            schedule();
          }
          o.onAnswer(answer, state, kind);
          return 'saved';
        } catch (err) {
          keepNow();
          if (isStaleWrite(err)) {
            // Nothing more is sent until the user has chosen on the conflict screen.
            stopped.current = true;
            setStatus('failed');
            o.onConflict({ mine: data, base: base.current, internal });
            return 'conflict';
          }
          if (err instanceof HttpError && err.status === 422) {
            const body = (err.body ?? {}) as { errors?: Array<{ detail?: string; field?: string }> };
            setStatus('failed');
            o.onInvalid(serverErrorSchema(body.errors ?? []), err.messages.join('\n'), kind);
            return 'invalid';
          }
          setStatus(err instanceof NetworkError ? 'offline' : 'failed');
          o.onFailed(err instanceof HttpError ? err.messages.join('\n') : '', kind);
          return 'failed';
        } finally {
          inFlight.current = false;
        }
      };
      const next = chain.current.then(run, run);
      chain.current = next.catch(() => undefined);
      return next;
    },
    // schedule is defined below and only read when a save ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slug, storageKey, keepNow, setStatus, setUnsent],
  );

  const autosave = useCallback(() => {
    if (!autosaveState || stopped.current || edits.current === acked.current) return;
    // Offline or signed out: the edits stay in storage; coming back (effect below) tries again.
    if (!navigator.onLine || session.getState().modalOpen) {
      setStatus('offline');
      return;
    }
    // Never two at once: the save under way schedules the next when it ends.
    if (inFlight.current) return;
    void save(autosaveState, 'auto');
  }, [autosaveState, save, setStatus]);

  function schedule() {
    clearTimeout(autoTimer.current);
    if (!autosaveState || stopped.current) return;
    autoTimer.current = setTimeout(autosave, AUTOSAVE_DELAY_MS);
  }

  const edited = useCallback(() => {
    if (stopped.current) return;
    edits.current += 1;
    setUnsent(true);
    // While a save is under way its spinner stays; it ends as pending (above).
    if (!inFlight.current) setStatus(autosaveState ? 'pending' : 'failed');
    clearTimeout(keepTimer.current);
    keepTimer.current = setTimeout(keepNow, KEEP_DELAY_MS);
    clearTimeout(autoTimer.current);
    if (autosaveState) autoTimer.current = setTimeout(autosave, AUTOSAVE_DELAY_MS);
  }, [autosaveState, autosave, keepNow, setStatus, setUnsent]);

  // Edits the editor started with (restored or merged) go out at once.
  useEffect(() => {
    if (options.startPending) {
      keepNow();
      autoTimer.current = setTimeout(autosave, 0);
    }
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back online, or signed in again in the session modal: send what is waiting.
  useEffect(() => {
    if (online && !modalOpen && edits.current !== acked.current && !inFlight.current) autosave();
  }, [online, modalOpen, autosave]);

  // A closed tab or a page hidden for good: the storage copy must be current.
  useEffect(() => {
    const flush = () => keepNow();
    const hidden = () => document.visibilityState === 'hidden' && keepNow();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      keepNow();
      clearTimeout(autoTimer.current);
      clearTimeout(keepTimer.current);
    };
  }, [keepNow]);

  const discard = useCallback(() => {
    stopped.current = true;
    clearTimeout(autoTimer.current);
    clearTimeout(keepTimer.current);
    if (storageKey) forgetUnsent(storageKey);
    setUnsent(false);
  }, [storageKey, setUnsent]);

  const shown: SaveStatus = unsent && (!online || modalOpen) ? 'offline' : status;
  const readBase = useCallback(() => base.current, []);
  const writing = useCallback(() => inFlight.current, []);
  const hasUnsent = useCallback(() => edits.current !== acked.current && !stopped.current, []);
  return { status: shown, unsent, edited, save, version: () => version.current, discard, base: readBase, writing, hasUnsent };
}
