/**
 * Counters a test's work adds to, read and reset after each test by tests/support/test-meta.ts.
 * Held on globalThis: a worker runs its files without isolation, and the browser module that counts
 * is shared by them.
 */
const counters = globalThis as typeof globalThis & { portalPageLoads?: number };

/** A page of the worker's Chromium finished loading a document (a goto, a reload, a new tab). */
export function countPageLoad(): void {
  counters.portalPageLoads = (counters.portalPageLoads ?? 0) + 1;
}

/** The page loads since the last call. */
export function takePageLoads(): number {
  const n = counters.portalPageLoads ?? 0;
  counters.portalPageLoads = 0;
  return n;
}
