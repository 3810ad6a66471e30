/**
 * The order of templates, stages and types (each table's `position`, 1..N): where a new row goes,
 * the move of POST /tasks/{id}/sort (and the stages' and types'), and closing the gap a deleted
 * row leaves. Every change of positions runs in a transaction that first locks the table against
 * other writers (SHARE ROW EXCLUSIVE: reads go on), so two admins sorting at once never leave two
 * rows at one position or a gap, on any number of instances.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { pageOf, type Page } from '../http/simple-rest';
import type { taskStages, tasks, taskTypes } from '../db/schema';
import { Invalid } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';

export type Ordered = typeof tasks | typeof taskStages | typeof taskTypes;

/** Waits for the table's other writers; released at the end of the transaction. */
export const lockOrder = (tx: Tx, table: Ordered) => tx.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);

/** Positions 1..N in the current order, whatever came before; only rows whose position changes are written. */
export async function renumber(tx: Tx, table: Ordered) {
  await tx.execute(
    sql`UPDATE ${table} SET position = r.n FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM ${table}) r WHERE ${table.id} = r.id AND ${table.position} <> r.n`,
  );
}

/** The position after the last (for a new row; the lock is held). */
export const nextPosition = (table: Ordered) => sql<number>`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${table})`;

/**
 * Row `id` to position `to` (1-based), the ones between shifting one place: 'Value must be more
 * than 0' below 1, 'Value cannot be more than N' past the end (422 on `to`). The caller has
 * locked the table and checked the row exists.
 */
export async function moveTo(tx: Tx, table: Ordered, id: number, to: number) {
  if (to < 1) throw new Invalid(serverMessages.tasks.sort_min, [{ detail: serverMessages.tasks.sort_min, field: 'to' }]);
  const { rows } = (await tx.execute(sql`SELECT count(*)::int AS n FROM ${table}`)) as unknown as { rows: Array<{ n: number }> };
  const n = Number(rows[0].n);
  if (to > n) {
    const detail = interpolate(serverMessages.tasks.sort_max, { max: n });
    throw new Invalid(detail, [{ detail, field: 'to' }]);
  }
  await renumber(tx, table);
  const found = (await tx.execute(sql`SELECT position FROM ${table} WHERE id = ${id}`)) as unknown as { rows: Array<{ position: number }> };
  const from = Number(found.rows[0].position);
  if (to === from) return;
  if (to < from) await tx.execute(sql`UPDATE ${table} SET position = position + 1 WHERE position >= ${to} AND position < ${from}`);
  else await tx.execute(sql`UPDATE ${table} SET position = position - 1 WHERE position > ${from} AND position <= ${to}`);
  await tx.execute(sql`UPDATE ${table} SET position = ${to}, updated_at = now() WHERE id = ${id}`);
}

/**
 * A whole short list (stages, types, notification templates: a handful each) as one page, so
 * react-admin's simple-rest client, which needs Content-Range, reads it like any list.
 */
export const whole = <T>(items: T[]): Page<T> => pageOf(items, items.length, { start: 0, end: Math.max(items.length - 1, 0) });
