/**
 * PGlite runs each statement synchronously on this thread (PostgreSQL compiled to WASM) and runs
 * the statements waiting for it back to back, in promise callbacks: with 50 stage writes queued
 * the event loop did not turn for a second at a time. Timers, new connections and the overload
 * check starved; @fastify/under-pressure then saw no turn at all in its sample and answered 503
 * to everyone for the next second (issue 7: 1,200 of 1,900 writes refused in 10 s).
 *
 * `takeTurns` runs the client's statements one at a time, in the order they were asked, with one
 * turn of the event loop before each (setImmediate): I/O and timers run between statements, and
 * the loop's delay is what it really is (the length of one statement). A transaction is one turn
 * (its statements go through the transaction's own handle, not the client's).
 */
export interface TurnClient {
  query(...args: never[]): Promise<unknown>;
  exec(...args: never[]): Promise<unknown>;
  transaction(...args: never[]): Promise<unknown>;
}

export function takeTurns(client: TurnClient): void {
  let last: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = last.then(nextTurn).then(() => run(...args));
      // The next statement waits for this one to end, whether it succeeded or failed.
      last = result.catch(() => undefined);
      return result;
    };
  }
}
