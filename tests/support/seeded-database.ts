/**
 * One migrated database with the demo data, made once per test run and copied for every test server:
 * a PGlite snapshot (dumpDataDir) that each server loads, or a PostgreSQL database each server's
 * database is CREATEd from as a TEMPLATE. Starting PGlite from a snapshot skips initdb, the
 * migrations and the seeding (demo images, password hashing): most of a test server's start.
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
import { createPostgresDatabase } from './postgres-database';

export type SeededDatabase = { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase | null;
  }
}

const seedOptions = () => ({ demo: true, demoPassword: process.env.DEMO_PASSWORD ?? DEMO_PASSWORD_DEFAULT });

/** The PGlite snapshot file, made once per run for every project that asks (api and e2e). */
async function pgliteSnapshot(): Promise<string> {
  const database = await openPglite(null);
  const file = join(tmpdir(), `portal-seeded-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    await database.migrate();
    await seedDatabase(database.db, seedOptions());
    // drizzle's PGlite driver keeps the client as $client; 'none': an uncompressed tar loads faster.
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return file;
}

// Shared through globalThis: vitest may load this file once per project.
const shared = globalThis as typeof globalThis & { portalSnapshot?: { file: Promise<string>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const database = await openPostgres(url);
    try {
      await database.migrate();
      await seedDatabase(database.db, seedOptions());
    } finally {
      // A template must have no connection while databases are created from it.
      await database.close();
    }
    project.provide('seededDatabase', { kind: 'postgres', template: new URL(url).pathname.slice(1) });
    return drop;
  }
  shared.portalSnapshot ??= { file: pgliteSnapshot(), users: 0 };
  const snapshot = shared.portalSnapshot;
  snapshot.users += 1;
  const file = await snapshot.file;
  project.provide('seededDatabase', { kind: 'pglite', file });
  return async () => {
    snapshot.users -= 1;
    if (snapshot.users === 0) rmSync(file, { force: true });
  };
}
