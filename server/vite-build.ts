// The built app brought up to date for `npm start`: rebuilt only when its sources changed, into a
// temporary folder that then takes the old one's place, so a server hosting the old build never
// finds its folder emptied by a build in progress.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { acquirePidLock, PidLockedError } from './db/lock';
import { buildLockFile, inputsHash, isCurrent, repoRoot, writeStamp } from './build-stamp';

/** The build was stopped by SIGINT/SIGTERM; `signal` is the one to exit with. */
export class BuildInterrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`The build was stopped (${signal}).`);
  }
}

/** Builds the app into `outDir` unless it already holds the build of the current sources. */
export async function ensureAppBuilt(outDir: string): Promise<void> {
  const inputs = inputsHash();
  if (isCurrent(outDir, inputs)) {
    console.log(`The app in ${outDir} is up to date.`);
    return;
  }
  // One builder per folder at a time (two instances on DATABASE_URL may start together).
  const release = await buildLock(outDir);
  try {
    if (isCurrent(outDir, inputs)) return; // Built by the process we waited for.
    // Folders left by a builder that was killed: no other builder runs now.
    const leftover = new RegExp(`^${escape(basename(outDir))}\\.(next|previous)-\\d+$`);
    for (const name of readdirSync(dirname(outDir))) {
      if (leftover.test(name)) rmSync(join(dirname(outDir), name), { recursive: true, force: true });
    }
    const next = `${outDir}.next-${process.pid}`;
    const t0 = Date.now();
    try {
      await viteBuild(next, () => console.log(`Building the app into ${outDir} …`));
    } catch (err) {
      rmSync(next, { recursive: true, force: true });
      throw err;
    }
    replace(outDir, next);
    writeStamp(outDir, inputs);
    console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  } finally {
    release();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function buildLock(outDir: string): Promise<() => void> {
  const file = buildLockFile(outDir);
  for (let said = false; ; ) {
    try {
      return acquirePidLock(file);
    } catch (err) {
      if (!(err instanceof PidLockedError)) throw err;
      if (!said) console.log(`Waiting for process ${err.pid}, which is building the app into ${outDir} …`);
      said = true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * Two renames, so the folder is never seen half built or emptied: it holds the old build until the
 * first, the new one from the second on, and is missing only between the two (microseconds; no
 * rename replaces a non-empty folder in one step).
 */
function replace(outDir: string, next: string): void {
  const previous = `${outDir}.previous-${process.pid}`;
  try {
    renameSync(outDir, previous);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  renameSync(next, outDir);
  rmSync(previous, { recursive: true, force: true });
}

const ignore = () => {};

/**
 * `vite build` into `outDir`, as a child process: the bundler's memory is not kept by the server.
 * `announce` says the build has begun, once this process is ready to be stopped.
 */
function viteBuild(outDir: string, announce: () => void): Promise<void> {
  // Ctrl-C or a SIGTERM during the build: the build stops, and so does the start (not the server
  // after all). A group signal reaches the child itself; a signal to this process alone is passed on.
  // Listening before anything is said or spawned: whoever reads "Building…" may signal at once (a
  // person, a supervisor, the tests), and a signal before the handlers would kill this process by the
  // default action, without the exit handlers that remove the data folder's lock. Spawning a large
  // process can also take tens of milliseconds on a busy machine.
  let stoppedBy: NodeJS.Signals | null = null;
  let child: ChildProcess | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    child?.kill(signal);
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  announce();
  const vitePackage = createRequire(join(repoRoot, 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // Always the production build: vite keeps a NODE_ENV it is given (`test` under a test runner,
    // `development` in a developer's shell), and would then bundle React's development runtime.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const building = child;
  return new Promise<void>((resolveBuild, reject) => {
    const settle = (err: Error | null) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (err) {
        // The start ends now (start.ts exits, removing the lock). npm passes a group signal on to
        // its child again, sometimes after the build has stopped: without a handler that late
        // copy would kill this process before its exit handlers remove the data folder's lock.
        process.on('SIGINT', ignore).on('SIGTERM', ignore);
        reject(err);
      } else resolveBuild();
    };
    building.on('error', settle);
    building.on('exit', (code, signal) => {
      // A group signal can end the child before this process has run its own handler.
      const interrupted = stoppedBy ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? signal : null);
      if (interrupted) settle(new BuildInterrupted(interrupted));
      else settle(code === 0 ? null : new Error(`vite build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}
