// `npm start`: one process, so a signal to the process group (Ctrl-C in a terminal, systemd, most
// supervisors) reaches the server itself, and no parent kills it mid-shutdown. tsx's CLI did: it
// SIGKILLs its child when the child has not confirmed a signal within 2 × 30 ms, as happens under
// load; requests in flight were cut and the lock left behind. In order: the data folder's lock, so
// a second process is refused before it changes anything (its build would replace the app under the
// running server); the built app, rebuilt only when its sources changed; then the server (main.ts),
// whose database takes the same lock again.
import { BuildInterrupted, ensureAppBuilt } from './vite-build';
import { staticDirOf } from './build-stamp';
import { acquireDataDirLock, DataDirLockedError, dataDirOf } from './db/lock';

const env = process.env;
try {
  // Held until the process exits. On DATABASE_URL there is no data folder to guard.
  if (!env.DATABASE_URL) acquireDataDirLock(dataDirOf(env));
  await ensureAppBuilt(staticDirOf(env));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  if (err instanceof BuildInterrupted) process.exit(err.signal === 'SIGINT' ? 130 : 143);
  console.error(err);
  process.exit(1);
}
await import('./main');
