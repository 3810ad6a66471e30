/**
 * A chunk loaded once, on demand: `load` asks for it (every caller gets the same load; a failed one
 * may be asked again), `loaded` has its module once it is here, for a first render that need not
 * wait. The shells' chunks (appShell.ts: the app; routedShell.ts: the routed signed-out shell).
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | null } {
  let loading: Promise<T> | null = null;
  let module: T | null = null;
  return {
    load: () =>
      (loading ??= load().then(
        (result) => (module = result),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
