/**
 * Runs `run` when the browser is idle (requestIdleCallback; Safari has none: a short timer), within
 * `timeout` ms at the latest: for work the user has not asked for yet (the app's code after the
 * sign-in form paints, the screens opened next: routing/intent.ts).
 */
export function whenIdle(run: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, 200);
}
