import { connect } from 'node:net';
import { holdRequest, startLoad, type LoadRequest, type LoadStats } from './http-load';
import { signalGroup, waitFor, type PortalProcess } from './process';

const incomingSignIn = /"url":"\/api\/login"[^\n]*"msg":"incoming request"/g;
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export interface ShutdownUnderLoad {
  /** What became of the sign-ins that were in flight when the signal came: an answer or an error. */
  inFlight: Array<{ status: number; text: string } | { error: string }>;
  /** What the load's clients got, from start to stop. */
  load: LoadStats;
  /** From the signal until `stopped` resolved. */
  ms: number;
}

export interface SigtermOptions {
  /** Resolves once the process has exited. */
  stopped: Promise<unknown>;
  /**
   * The server process `pid` is frozen (SIGSTOP) when the signal comes and goes on after `ms`: as
   * when its event loop is busy for a moment. Any process of the group that reacts to the signal
   * by killing the server (tsx's CLI did, 60 ms on) does so in that time.
   */
  pause?: { pid: number; ms: number };
}

/**
 * Under load (8 keep-alive clients sending `load`), with three sign-ins in flight (their bodies held
 * back) and a connection that never sends a request (as a browser's preconnect), sends SIGTERM to
 * the portal's process group. Once draining shows (503s to the load) the held bodies go out.
 * Resolves when the process has stopped. The portal must log at LOG_LEVEL=info: the sign-ins count
 * as in flight once their "incoming request" lines are there.
 */
export async function sigtermUnderLoad(
  portal: PortalProcess,
  url: string,
  load: LoadRequest,
  signIn: { email: string; password: string },
  { stopped, pause }: SigtermOptions,
): Promise<ShutdownUnderLoad> {
  let gone = false;
  void stopped.then(() => (gone = true));
  const clients = startLoad(url, load, 8);
  await waitFor(() => (clients.stats.statuses[200] ?? 0) >= 20, '20 answers under load', portal);
  const mark = portal.output().length;
  const held = [1, 2, 3].map(() => holdRequest(url, '/api/login', signIn));
  await waitFor(() => count(portal.output().slice(mark), incomingSignIn) >= 3, 'the held sign-ins to arrive', portal);

  const target = new URL(url);
  const idle = connect(Number(target.port), target.hostname);
  idle.on('error', () => {}); // reset when the server goes
  await new Promise((r) => idle.once('connect', r));

  const t0 = Date.now();
  if (pause) process.kill(pause.pid, 'SIGSTOP');
  signalGroup(portal, 'SIGTERM');
  if (pause) {
    // The pause is the scenario (not a wait for something): the server is frozen this long.
    await new Promise((r) => setTimeout(r, pause.ms));
    try {
      process.kill(pause.pid, 'SIGCONT');
    } catch {
      // Killed while frozen: what became of the requests in flight tells.
    }
  }
  // A process killed outright never answers 503: stop waiting, the held sign-ins tell the rest.
  await waitFor(() => (clients.stats.statuses[503] ?? 0) > 0 || gone, 'the 503 answers of draining', portal);
  const inFlight = (await Promise.allSettled(held.map((h) => h.finish()))).map((r) =>
    r.status === 'fulfilled' ? r.value : { error: (r.reason as NodeJS.ErrnoException).code ?? String(r.reason) },
  );
  await stopped;
  const ms = Date.now() - t0;
  idle.destroy();
  return { inFlight, load: await clients.stop(), ms };
}

/**
 * The field report's sequence: 8 clients sign in again and again (each an argon2 verify) and then
 * stop, hanging up on the sign-ins still being worked on; then `sigtermUnderLoad` with the signed-in
 * user's GET /api/users/current as the load.
 */
export async function sigtermAfterSignInLoad(
  portal: PortalProcess,
  url: string,
  account: { email: string; password: string },
): Promise<{ signIns: LoadStats; shutdown: ShutdownUnderLoad }> {
  const signing = startLoad(url, { path: '/api/login', method: 'POST', json: account }, 8);
  await waitFor(() => (signing.stats.statuses[200] ?? 0) >= 10, '10 sign-ins', portal, 120_000);
  const signIns = await signing.stop();
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const current = { path: '/api/users/current', headers: { authorization: `Bearer ${token}` } };
  return { signIns, shutdown: await sigtermUnderLoad(portal, url, current, account, { stopped: portal.exited }) };
}
