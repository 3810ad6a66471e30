/**
 * Writing a record's links (a product's terms, a role's permissions, a user's roles) as the set
 * the request sends: only the links that go are deleted and only the new ones inserted, so a save
 * that sends the same set writes nothing. Deleting every link and inserting them again was the same
 * set at the end, but the audit log (issue 58) entered it as each link removed and added again.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database';

export async function replaceLinks<R extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  owner: { column: PgColumn; id: number },
  link: PgColumn,
  ids: readonly number[],
  row: (id: number) => R,
): Promise<void> {
  const wanted = [...new Set(ids)];
  await tx.delete(table).where(and(eq(owner.column, owner.id), wanted.length ? notInArray(link, wanted) : undefined));
  if (!wanted.length) return;
  const kept = await tx.select({ id: link }).from(table).where(and(eq(owner.column, owner.id), inArray(link, wanted)));
  const have = new Set(kept.map((r) => Number(r.id)));
  const added = wanted.filter((id) => !have.has(id));
  if (added.length) await tx.insert(table).values(added.map(row) as never);
}
