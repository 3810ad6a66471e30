/**
 * A real HTTP server standing in for the API in the app's unit tests: the app's HTTP client talks to
 * it over real sockets, through Node's own fetch (undici).
 *
 * Its idle keep-alive is long on purpose. With Node's default (5 s), a request sent on a kept-alive
 * connection just as the server closes it fails with "fetch failed: other side closed"
 * (nodejs/undici#3141; a browser sends such a request again, undici does not). Here server and
 * client share one thread, and while browser tests load both of CI's cores a test's queries between
 * two requests take seconds: the notification preferences' save never showed its "saved" status in
 * two CI runs, a way it can fail then (not reproduced on this machine; the test now says what
 * showed instead).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Longer than any test file runs: no connection is closed for idleness while a test uses it. */
const IDLE_KEEP_ALIVE_MS = 10 * 60_000;

export interface StubApi {
  /** `http://127.0.0.1:<port>/api`, the base the app's HTTP client is given. */
  base: string;
  /** Closes the server and every connection still open (kept-alive or streaming). */
  close(): Promise<void>;
}

export async function startStubApi(handler: RequestListener): Promise<StubApi> {
  const server = createServer({ keepAliveTimeout: IDLE_KEEP_ALIVE_MS }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
