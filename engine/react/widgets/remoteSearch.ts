/** Remote select timing (spec 9): search delay 250 ms, debounce 500 ms, minimum 1 character. */
export const REMOTE_SEARCH = { delay: 250, debounce: 500, minChars: 1 } as const;

export interface RemoteSearchScheduler {
  /** Call on every keystroke with the current text. */
  input(term: string): void;
  /** Cancels any pending or running search. */
  cancel(): void;
}

/**
 * Schedules remote searches as the user types: nothing under `minChars`; the first search of a burst
 * waits `delay` ms, later keystrokes in the same burst are debounced by `debounce` ms; a newer search
 * aborts the older one so stale results never land.
 * @example
 * const s = createRemoteSearchScheduler((term, signal) => fetchTerms(term, signal), setOptions);
 * s.input('Le'); // searches 'Le' 250 ms later unless more is typed
 */
export function createRemoteSearchScheduler<R>(
  search: (term: string, signal: AbortSignal) => Promise<R>,
  onResult: (result: R, term: string) => void,
  timing: { delay: number; debounce: number; minChars: number } = REMOTE_SEARCH,
  onError: (err: unknown) => void = () => {},
): RemoteSearchScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  let burst = false;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    running?.abort();
    running = undefined;
    burst = false;
  };
  return {
    input(term) {
      if (timer) clearTimeout(timer);
      if (term.trim().length < timing.minChars) {
        cancel();
        return;
      }
      const wait = burst ? timing.debounce : timing.delay;
      burst = true;
      timer = setTimeout(() => {
        timer = undefined;
        burst = false;
        running?.abort();
        const ctrl = new AbortController();
        running = ctrl;
        search(term, ctrl.signal).then(
          (r) => {
            if (!ctrl.signal.aborted) onResult(r, term);
          },
          (err) => {
            if (!ctrl.signal.aborted) onError(err);
          },
        );
      }, wait);
    },
    cancel,
  };
}
