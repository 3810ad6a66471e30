import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** A real portal process: `server/main.ts` itself, or `npm start` (npm, its shell, the server). */
export interface PortalProcess {
  child: ChildProcess;
  output: () => string;
  /** The exit code of the process spawned (for `npm start`: npm's). */
  exited: Promise<number | null>;
  /** Resolves once every process that shares the output (the whole `npm start` tree) has ended. */
  closed: Promise<void>;
}

export interface StartOptions {
  /**
   * Its own process group (detached), so a test can signal the group as a terminal's Ctrl-C,
   * systemd or a container runtime does (`signalGroup`).
   */
  group?: boolean;
}

const root = resolve(__dirname, '../..');
const started: Array<{ child: ChildProcess; group: boolean }> = [];

function run(command: string, args: string[], env: Record<string, string>, opts: StartOptions): PortalProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.group ?? false,
  });
  started.push({ child, group: opts.group ?? false });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const closed = new Promise<void>((r) => child.on('close', () => r()));
  return { child, output: () => out, exited, closed };
}

/**
 * Starts `server/main.ts` on a random port of 127.0.0.1 with `env` over the test's environment
 * (DATABASE_URL cleared unless given). Call `killAll()` in afterAll.
 */
export function startPortal(env: Record<string, string>, opts: StartOptions = {}): PortalProcess {
  return run(process.execPath, ['--import', 'tsx', 'server/main.ts'], env, opts);
}

/** Runs `npm start` (package.json's script, as a newcomer does) with the same environment rules. */
export function startNpm(env: Record<string, string>, opts: StartOptions = {}): PortalProcess {
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], env, opts);
}

/** Sends `signal` to the process group of a process started with `group: true`. */
export function signalGroup(portal: PortalProcess, signal: NodeJS.Signals): void {
  process.kill(-portal.child.pid!, signal);
}

/** Polls `condition` until it holds; fails after `timeoutMs` with `what` and the process output. */
export async function waitFor(condition: () => boolean, what: string, portal: PortalProcess, timeoutMs = 45_000): Promise<void> {
  const t0 = Date.now();
  while (!condition()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}:\n${portal.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the process has printed something matching `pattern`; fails if it exits first. The
 * default leaves room for a cold start (tsx, initdb, migrations, demo images) beside a browser test.
 */
export async function until(portal: PortalProcess, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
  const t0 = Date.now();
  for (;;) {
    const m = pattern.exec(portal.output());
    if (m) return m;
    if (portal.child.exitCode !== null) throw new Error(`process exited (${portal.child.exitCode}):\n${portal.output()}`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${pattern}:\n${portal.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The process's last output lines (for a failure message): what it said as it stopped. */
export const lastLines = (portal: PortalProcess, count = 5): string => portal.output().trimEnd().split('\n').slice(-count).join('\n');

/** Kills every portal process (for `group: true`, every process of its group) a test left running. */
export function killAll(): void {
  for (const { child, group } of started) {
    try {
      if (group) process.kill(-child.pid!, 'SIGKILL');
      else if (child.exitCode === null) child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
