import { sql, type SQL } from 'drizzle-orm';

/** What the seed lock needs of a transaction (not database.ts's Db: database.ts imports this file). */
interface Executor {
  execute(query: SQL): Promise<unknown>;
}

/**
 * Every PostgreSQL advisory lock id the portal takes, in one place so no two uses share one by
 * accident (a shared id is no error, but makes unrelated writes wait for each other).
 */
export const LOCK_IDS = {
  /** Migrations: one instance migrates, the others wait (database.ts). */
  migrations: 727_001,
  /** The first seed of an empty database (seed.ts). */
  seed: 727_002,
  /** Products' order_column: moves, swaps, creates and the demo products (products/products.write.ts, seed-products.ts). */
  productOrder: 727_101,
  /** Role names: two roles of one name are never both created (roles.ts). */
  roleNames: 727_201,
  /** Post slugs: a slug made from a title is taken once (posts/posts.write.ts, seed-posts.ts). */
  postSlugs: 727_301,
} as const;

/**
 * Takes the seed lock in a transaction, waiting for another instance's seeding (demo data with its
 * images takes seconds). Polled with pg_try_advisory_xact_lock rather than one blocking
 * pg_advisory_xact_lock, which the per-query timeout (DB_QUERY_TIMEOUT_MS) would cut short.
 */
export async function takeSeedLock(tx: Executor): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK_IDS.seed}) AS locked`)) as unknown as { rows: Array<{ locked: boolean }> };
    if (rows[0]?.locked) return;
    if (Date.now() > deadline) throw new Error('Another instance has been seeding the database for over 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
