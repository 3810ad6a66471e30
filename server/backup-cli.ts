/**
 * The embedded database's backup and restore, one command each (README.md "Backup and restore"):
 *
 *   npm run backup [-- FILE]   asks the running portal (PORT, BACKUP_TOKEN) for a copy of its
 *                              database and writes it to FILE (default backups/portal-<time>.tar.gz)
 *   npm run restore -- FILE    puts a backup into DATA_DIR (default ./data) for the next start; it
 *                              refuses a DATA_DIR that already holds a database
 *
 * On PostgreSQL use its own tools (pg_dump -Fc, pg_restore), as the README shows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { env, argv, exit } from 'node:process';

async function backup(file: string | undefined): Promise<void> {
  const token = env.BACKUP_TOKEN;
  if (!token) throw new Error('BACKUP_TOKEN is not set: give the running portal one (32 characters or more) and use the same here.');
  const base = env.PORTAL_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`;
  const answer = await fetch(`${base}/api/backup`, { headers: { authorization: `Bearer ${token}` } });
  if (answer.status === 404) throw new Error(`${base} has no backup route: it runs on PostgreSQL (use pg_dump) or without BACKUP_TOKEN.`);
  if (!answer.ok) throw new Error(`${base} answered ${answer.status}: ${await answer.text()}`);
  const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? 'portal.tar.gz';
  const target = resolve(file ?? join('backups', name));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, Buffer.from(await answer.arrayBuffer()));
  console.log(`backup written: ${target}`);
}

function restore(file: string | undefined): void {
  if (!file || !existsSync(file)) throw new Error('Name the backup to restore: npm run restore -- backups/portal-....tar.gz');
  const folder = join(resolve(env.DATA_DIR ?? './data'), 'pglite');
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`${folder} already holds a database: stop the portal and move it aside first.`);
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-xzf', resolve(file), '-C', folder]);
  console.log(`restored into ${folder}: start the portal with DATA_DIR=${dirname(folder)}`);
}

const [command, file] = argv.slice(2);
try {
  if (command === 'backup') await backup(file);
  else if (command === 'restore') restore(file);
  else throw new Error('usage: backup-cli.ts backup [FILE] | restore FILE');
} catch (err) {
  console.error((err as Error).message);
  exit(1);
}
