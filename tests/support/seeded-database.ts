/**
 * One migrated database with the demo data, made once per test run and copied for every test server:
 * a PGlite snapshot (dumpDataDir) that each server loads, or a PostgreSQL database each server's
 * database is CREATEd from as a TEMPLATE. Starting PGlite from a snapshot skips initdb, the
 * migrations and the seeding (demo images, password hashing): most of a test server's start.
 * Beside it, the same database migrated but empty, for the tests of seeding and of an installation
 * without demo data (`openTestDatabase`): initdb and the migrations cost 3-13 s of a loaded CI
 * machine each time, loading the copy 1-2 s.
 *
 * vitest's globalSetup of the api and e2e projects (vite.config.ts); the path or the template's name
 * reaches the test files through provide/inject (`seededDatabase`).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/db/database';
import { seedDatabase } from '../../server/db/seed';
import { DEMO_PASSWORD_DEFAULT } from '../../server/db/seed-data';
import { createPostgresDatabase, TEST_POOL } from './postgres-database';

/** `file`/`template`: migrated and seeded with the demo data; `migrated`: migrated, not yet seeded. */
export type SeededDatabase = { kind: 'pglite'; file: string; migrated: string } | { kind: 'postgres'; template: string; migrated: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase | null;
  }
}

const seedOptions = () => ({ demo: true, demoPassword: process.env.DEMO_PASSWORD ?? DEMO_PASSWORD_DEFAULT });

/** The PGlite snapshot files, made once per run for every project that asks (api and e2e). */
async function pgliteSnapshots(): Promise<{ file: string; migrated: string }> {
  const database = await openPglite(null);
  const name = `portal-seeded-${process.pid}-${randomBytes(4).toString('hex')}`;
  const files = { file: join(tmpdir(), `${name}.tar`), migrated: join(tmpdir(), `${name}-migrated.tar`) };
  // drizzle's PGlite driver keeps the client as $client; 'none': an uncompressed tar loads faster.
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = async (file: string) => writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  try {
    await database.migrate();
    await dump(files.migrated);
    await seedDatabase(database.db, seedOptions());
    await dump(files.file);
  } finally {
    await database.close();
  }
  return files;
}

/** The two PostgreSQL templates: migrated, then a copy of it seeded. Returns them and their drop. */
async function postgresTemplates(): Promise<{ template: string; migrated: string; drop(): Promise<void> }> {
  const nameOf = (url: string) => new URL(url).pathname.slice(1);
  const migrated = await createPostgresDatabase();
  // A template must have no connection while databases are created from it: each is closed at once.
  const empty = await openPostgres(migrated.url, TEST_POOL);
  try {
    await empty.migrate();
  } finally {
    await empty.close();
  }
  const seeded = await createPostgresDatabase(nameOf(migrated.url));
  const database = await openPostgres(seeded.url, TEST_POOL);
  try {
    await seedDatabase(database.db, seedOptions());
  } finally {
    await database.close();
  }
  return {
    template: nameOf(seeded.url),
    migrated: nameOf(migrated.url),
    drop: async () => {
      await seeded.drop();
      await migrated.drop();
    },
  };
}

// Shared through globalThis: vitest may load this file once per project.
const shared = globalThis as typeof globalThis & { portalSnapshot?: { files: Promise<{ file: string; migrated: string }>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    const { drop, ...templates } = await postgresTemplates();
    project.provide('seededDatabase', { kind: 'postgres', ...templates });
    return drop;
  }
  shared.portalSnapshot ??= { files: pgliteSnapshots(), users: 0 };
  const snapshot = shared.portalSnapshot;
  snapshot.users += 1;
  const files = await snapshot.files;
  project.provide('seededDatabase', { kind: 'pglite', ...files });
  return async () => {
    snapshot.users -= 1;
    if (snapshot.users === 0) for (const file of Object.values(files)) rmSync(file, { force: true });
  };
}
