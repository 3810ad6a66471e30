/**
 * Spec section 6: every permission of the product, by name. The one list: the server seeds the
 * `permissions` table from it (server/db/seed-data.ts) and checks routes against it
 * (`requirePermission`), the app's menu, routes and screens name permissions from it
 * (src/auth/permissions.ts). A name not in this list does not compile on either side.
 */
export const PERMISSIONS = [
  'view agreements', 'edit agreements', 'view companies', 'create companies', 'view configs', 'edit configs',
  'create configs', 'manage configs', 'edit admin configs', 'view media', 'upload media', 'view products',
  'create products', 'edit posts', 'create posts', 'manage categories', 'list users', 'create users',
  'view permissions', 'list tasks', 'edit tasks', 'create projects', 'view project variations',
  'approve project tasks', 'edit projects', 'view projects', 'tracker reports',
  // Issue 55 (contract/reviews.ts): comment on a config's fields; request changes and resolve threads.
  'comment configs', 'review configs',
  // Issue 57 (contract/agreements.ts): sign an agreement last, for the provider.
  'countersign agreements',
  // Issue 58 (contract/audit.ts): read the audit log of every change made through the API.
  'view audit log',
] as const;

/** One permission name. */
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permission names a signed-in user holds, as a set whose `has` takes only known names. The
 * names come from the database's `permissions` table, which is seeded from PERMISSIONS; they are
 * kept as read (no name is dropped), so a check answers exactly as a check on the raw names would.
 */
export const permissionSet = (names: Iterable<string>): ReadonlySet<Permission> => new Set(names) as ReadonlySet<Permission>;

/**
 * Whether a set of held permissions includes a name read at run time (a role's permission from the
 * database, say), which the compiler cannot know is a Permission.
 */
export const holdsName = (held: ReadonlySet<Permission>, name: string): boolean => (held as ReadonlySet<string>).has(name);
