import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import {
  companies, companyTerms, companyUsers, permissions, rolePermissions, roles, taxonomies, terms, userRoles, users,
} from './schema';
import { DEMO_COMPANIES, DEMO_USERS, PERMISSIONS, ROLES, TAXONOMIES, TERMS } from './seed-data';
import { hashPassword } from '../auth/auth.passwords';
import { seedDemoConfigs } from './seed-configs';
import { seedDemoCompanies } from './seed-companies';
import { seedDemoMedia } from './seed-media';
import { seedDemoPosts } from './seed-posts';
import { seedDemoProducts } from './seed-products';
import { DEMO_SECOND_SIGNER, seedDemoAgreements } from './seed-agreements';
import { seedDemoReviews } from './seed-reviews';
import { seedDemoTasks } from './seed-tasks';
import { seedDemoProjects } from './seed-projects';
import { seedDemoProjectExtras } from './seed-project-extras';
import { seedDemoProjectHistory } from './seed-project-history';
import { seedDemoAdminConfigs } from './seed-adminconfigs';
import { takeSeedLock } from './locks';

export interface SeedOptions {
  /** Create the demo users and companies. */
  demo: boolean;
  demoPassword: string;
  /** First administrator (ADMIN_EMAIL / ADMIN_PASSWORD), created when no user has that email. */
  admin?: { email: string; password: string; name?: string } | null;
}

export interface SeedResult {
  /** True when this run created the reference data (the database was empty). */
  seeded: boolean;
  demoUsers: string[];
  adminCreated: string | null;
}

// Rows inserted with explicit ids leave serial sequences behind; move them past the max.
async function bumpSequence(db: Db, table: string) {
  await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT MAX(id) FROM ${table}), 1))`));
}

/** In a transaction: waits for any other seeding instance, then tells whether there are still no roles. */
async function lockAndCheckEmpty(tx: Db): Promise<boolean> {
  await takeSeedLock(tx);
  const [{ n }] = await tx.select({ n: count() }).from(roles);
  return n === 0;
}

/**
 * Seeds an empty database: roles, permissions, taxonomies and terms always; demo users and
 * companies when asked; the first administrator from the environment. Never touches a database
 * that already has roles (a restart finds its data as it was).
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { seeded: false, demoUsers: [], adminCreated: null };
  const [{ n }] = await db.select({ n: count() }).from(roles);
  if (n === 0) {
    const demoHash = opts.demo ? await hashPassword(opts.demoPassword) : null;
    result.seeded = await db.transaction(async (tx) => {
      // Instances starting at once on an empty database: one seeds, the others wait and find it seeded.
      if (!(await lockAndCheckEmpty(tx as unknown as Db))) return false;
      const perms = await tx.insert(permissions).values(PERMISSIONS.map((name) => ({ name }))).returning();
      const byName = new Map(perms.map((p) => [p.name, p.id]));
      await tx.insert(roles).values(ROLES.map(({ id, name }) => ({ id, name })));
      await tx.insert(rolePermissions).values(
        ROLES.flatMap((role) =>
          (role.permissions === 'all' ? PERMISSIONS : role.permissions).map((p) => ({ roleId: role.id, permissionId: byName.get(p)! })),
        ),
      );
      await tx.insert(taxonomies).values(TAXONOMIES);
      await tx.insert(terms).values(TERMS);
      for (const table of ['roles', 'taxonomies', 'terms']) await bumpSequence(tx as unknown as Db, table);

      if (demoHash) {
        const companyIds = new Map<string, number>();
        for (const c of DEMO_COMPANIES) {
          const [row] = await tx
            .insert(companies)
            .values({ name: c.name, lang: c.lang, stage: c.stage, contactName: c.contactName, websiteAddress: c.websiteAddress })
            .returning({ id: companies.id });
          companyIds.set(c.name, row.id);
          await tx.insert(companyTerms).values(c.termIds.map((termId) => ({ companyId: row.id, termId })));
        }
        const usersByEmail = new Map<string, { id: number; roleId: number }>();
        for (const u of DEMO_USERS) {
          const companyName = 'company' in u ? u.company : null;
          const [row] = await tx
            .insert(users)
            .values({ email: u.email, name: u.name, position: u.position, passwordHash: demoHash, primary: Boolean(companyName), focApprover: 'focApprover' in u && u.focApprover })
            .returning({ id: users.id });
          await tx.insert(userRoles).values({ userId: row.id, roleId: u.roleId });
          if (companyName) await tx.insert(companyUsers).values({ companyId: companyIds.get(companyName)!, userId: row.id });
          result.demoUsers.push(u.email);
          usersByEmail.set(u.email, { id: row.id, roleId: u.roleId });
        }
        await seedDemoConfigs(tx, companyIds, usersByEmail);
        for (const [name, id] of await seedDemoCompanies(tx as unknown as Db, demoHash)) companyIds.set(name, id);
        await seedDemoMedia(tx as unknown as Db, companyIds);
      }
      return true;
    });
  }

  // Demo products whenever the catalogue is empty (also on a database seeded before products existed).
  if (opts.demo) await seedDemoProducts(db);
  // Demo showcase posts once per database (also one seeded before posts existed), with their images.
  if (opts.demo) await seedDemoPosts(db);
  // Demo task stages, types, templates and notification templates once per database (before the projects that copy them).
  if (opts.demo) await seedDemoTasks(db);
  // Demo agreements once per database, priced from the demo catalogue (so after the products).
  // (They add Demo Motors' second user, a signer of the one in turn: listed with the demo sign-ins.)
  if (opts.demo && (await seedDemoAgreements(db)) && result.demoUsers.length) result.demoUsers.push(DEMO_SECOND_SIGNER.email);
  // Demo review threads on Demo Motors' config, with the bell rows they gave, once per database (after the configs).
  if (opts.demo) await seedDemoReviews(db);
  // Demo projects once per database, their tasks copied from the templates (so after the tasks), linking the demo agreements (so after them).
  if (opts.demo) await seedDemoProjects(db);
  // Demo variations, stakeholders, notes and risks once per database, on the demo projects (so after them; none without projects).
  if (opts.demo) await seedDemoProjectExtras(db);
  // The demo projects' status history over the past year, once per database (so after them; the reports' charts read it).
  if (opts.demo) await seedDemoProjectHistory(db);
  // Demo internal page layouts once per database (the configurator admin's; server/adminconfigs).
  if (opts.demo) await seedDemoAdminConfigs(db);

  if (opts.admin?.email && opts.admin.password) {
    const email = opts.admin.email.trim().toLowerCase();
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing.length === 0) {
      const passwordHash = await hashPassword(opts.admin.password);
      result.adminCreated = await db.transaction(async (tx) => {
        await takeSeedLock(tx as unknown as Db);
        if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, email))).length) return null;
        const [row] = await tx
          .insert(users)
          .values({ email, name: opts.admin!.name ?? 'Administrator', passwordHash })
          .returning({ id: users.id });
        await tx.insert(userRoles).values({ userId: row.id, roleId: 2 });
        return email;
      });
    }
  }
  return result;
}
