/**
 * Issue 57: who may countersign (GET /agreements/countersigners), the send dialog's choice. Roles
 * are data (staff make their own), so the list is asked by the permission, never by a role's
 * name: active users any of whose roles holds 'countersign agreements' — the same rule
 * `planSigners` checks a chosen countersigner against (agreements.signers.ts).
 */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AgreementCountersigner } from '../../contract/agreements';
import type { Db } from '../db/database';
import { byReader } from '../db/schema/collation';
import { permissions, rolePermissions, userRoles, users } from '../db/schema';
import { cleanText } from '../http/clean-text';
import { likePattern } from '../http/simple-rest';

/** The most one answer lists: the dialog searches as the sender types. */
export const COUNTERSIGNERS_MAX = 25;

/** Those who may countersign, by name, narrowed by `q` (part of a name or address). */
export async function countersigners(db: Db, q?: string): Promise<AgreementCountersigner[]> {
  const term = cleanText(q ?? '').trim();
  const pattern = term ? likePattern(term) : null;
  const holds = sql`EXISTS (
    SELECT 1 FROM ${userRoles}
    JOIN ${rolePermissions} ON ${rolePermissions.roleId} = ${userRoles.roleId}
    JOIN ${permissions} ON ${permissions.id} = ${rolePermissions.permissionId}
    WHERE ${userRoles.userId} = ${users.id} AND ${permissions.name} = 'countersign agreements')`;
  return db
    .select({ id: users.id, name: users.name, email: users.email, position: users.position })
    .from(users)
    .where(and(eq(users.status, 'active'), holds, pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(byReader(users.name), asc(users.id))
    .limit(COUNTERSIGNERS_MAX);
}
