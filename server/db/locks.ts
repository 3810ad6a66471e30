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
