import { mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The PGlite data folder of this process's environment (DATA_DIR, else ./data). */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => resolve(env.DATA_DIR ?? './data');

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another portal process (pid ${pid}). ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Thrown by `acquirePidLock` when another live process holds the file. */
export class PidLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`${file} is held by process ${pid}.`);
    this.name = 'PidLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Locks this process holds, by file, with how many holders: `npm start` takes the data folder's
// lock before it builds the app, and the database takes it again when it opens; the file goes when
// the last holder lets go (or the process exits).
const held = new Map<string, { holders: number; unlink: () => void }>();

/**
 * A pid file created with O_EXCL: one process at a time holds `file`; a file left by a dead process
 * is taken over. Within one process it is re-entrant. Returns the release function (idempotent).
 */
export function acquirePidLock(file: string): () => void {
  const path = resolve(file);
  const mine = held.get(path) ?? take(path);
  mine.holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.holders -= 1;
    if (mine.holders === 0) mine.unlink();
  };
}

function take(path: string): { holders: number; unlink: () => void } {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      const unlink = () => {
        held.delete(path);
        process.off('exit', unlink);
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
      // Also on process.exit() and on a crash, but not on a signal's default action: main.ts and
      // start.ts handle SIGTERM/SIGINT, and a lock left by a dead process is taken over anyway.
      process.on('exit', unlink);
      const lock = { holders: 0, unlink };
      held.set(path, lock);
      return lock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new PidLockedError(path, pid);
      // Stale lock of a dead process (or an unreadable one): remove it and try again.
      try {
        unlinkSync(path);
      } catch {
        // Another starter removed it first; the retry decides who wins.
      }
    }
  }
  throw new Error(`Could not take the lock ${path}; try again.`);
}

/**
 * PGlite has no lock of its own, and two processes on one folder corrupt it: `<dataDir>/portal.lock`
 * keeps a second process out (DataDirLockedError). Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  try {
    return acquirePidLock(join(dataDir, 'portal.lock'));
  } catch (err) {
    if (err instanceof PidLockedError) throw new DataDirLockedError(dataDir, err.pid);
    throw err;
  }
}
