/**
 * The migrations folder as an installation from before a migration had it: a copy with the journal
 * cut before `tag`, for the upgrade tests (an old installation migrated on, its data then checked).
 * Call `removeMigrationCopies()` in afterAll.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const copies: string[] = [];

export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  copies.push(dir);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export function removeMigrationCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
}
