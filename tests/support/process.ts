import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The real portal process (`server/main.ts`, as `npm start` runs it after the build). */
export interface PortalProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const root = resolve(__dirname, '../..');
const started: ChildProcess[] = [];

/**
 * Starts `server/main.ts` on a random port of 127.0.0.1 with `env` over the test's environment
 * (DATABASE_URL cleared unless given). Call `killAll()` in afterAll.
 */
export function startPortal(env: Record<string, string>): PortalProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Waits until the process has printed something matching `pattern`; fails if it exits first. */
export async function until(run: PortalProcess, pattern: RegExp, timeoutMs = 45_000): Promise<RegExpExecArray> {
  const t0 = Date.now();
  for (;;) {
    const m = pattern.exec(run.output());
    if (m) return m;
    if (run.child.exitCode !== null) throw new Error(`process exited (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${pattern}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills every portal process a test started and left running. */
export function killAll(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}
