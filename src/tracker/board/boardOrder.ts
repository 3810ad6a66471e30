/**
 * The board's move logic, pure (no React, no dnd-kit), so it is tested on its own
 * (tests/src/tracker/boardOrder.test.ts). A column is a task stage; its cards are ordered by
 * `position`, 1-based, over every task of the project in that stage (server/projects/README.md: "a
 * move is stage_id + position, 1-based in the target column"). The board may show only one task
 * group, so a drop among the shown cards is turned into a position among all of the column's.
 */
export interface Placed {
  id: number;
  stage_id: number;
  position: number;
}

/** Stage id -> task ids in board order (position, then id, so equal positions never flicker). */
export type Columns = ReadonlyMap<number, readonly number[]>;

/** The columns of the given stages, each holding its tasks in order; tasks of an unknown stage are left out. */
export function buildColumns(tasks: readonly Placed[], stageIds: readonly number[]): Map<number, number[]> {
  const columns = new Map<number, Placed[]>(stageIds.map((id) => [id, []]));
  for (const task of tasks) columns.get(task.stage_id)?.push(task);
  return new Map([...columns].map(([stage, list]) => [stage, list.sort((a, b) => a.position - b.position || a.id - b.id).map((t) => t.id)]));
}

/** The stage whose column holds the task, or undefined. */
export function stageOf(columns: Columns, taskId: number): number | undefined {
  for (const [stage, ids] of columns) if (ids.includes(taskId)) return stage;
  return undefined;
}

/**
 * The columns after moving a task to `toStage` at `toIndex` (0-based, clamped to the column).
 * Unchanged columns keep their arrays, so a memoised column does not paint again.
 */
export function moveInColumns(columns: Columns, taskId: number, toStage: number, toIndex: number): Map<number, readonly number[]> {
  const next = new Map(columns);
  const from = stageOf(columns, taskId);
  if (from === undefined || !columns.has(toStage)) return next;
  const source = columns.get(from)!.filter((id) => id !== taskId);
  next.set(from, source);
  const target = from === toStage ? source : [...columns.get(toStage)!];
  const index = Math.max(0, Math.min(toIndex, target.length));
  next.set(toStage, [...target.slice(0, index), taskId, ...target.slice(index)]);
  return next;
}

/**
 * Where a card dropped among the *shown* cards of a column goes among *all* of them, as the
 * server's 1-based position: before the shown card that follows it, else after the shown card
 * that precedes it, else at the end of the column.
 *
 * @param all every task id of the target column in order, the moved task left out
 * @param shownAfterDrop the shown ids of the target column in their new order, the moved task in it
 */
export function positionAmongAll(all: readonly number[], shownAfterDrop: readonly number[], taskId: number): number {
  const at = shownAfterDrop.indexOf(taskId);
  const next = shownAfterDrop[at + 1];
  if (next !== undefined && all.includes(next)) return all.indexOf(next) + 1;
  const previous = at > 0 ? shownAfterDrop[at - 1] : undefined;
  if (previous !== undefined && all.includes(previous)) return all.indexOf(previous) + 2;
  return all.length + 1;
}

/**
 * The tasks with stage and position rewritten from the columns (positions 1-based per column).
 * A task whose place did not change is the same object, so its memoised card does not paint again.
 */
export function applyColumns<T extends Placed>(tasks: readonly T[], columns: Columns): T[] {
  const place = new Map<number, { stage: number; position: number }>();
  for (const [stage, ids] of columns) ids.forEach((id, i) => place.set(id, { stage, position: i + 1 }));
  return tasks.map((task) => {
    const p = place.get(task.id);
    if (!p || (p.stage === task.stage_id && p.position === task.position)) return task;
    return { ...task, stage_id: p.stage, position: p.position };
  });
}

/**
 * One move, the whole way: the tasks after moving `taskId` to `toStage` at the shown index
 * `shownIndex` (0-based among `shown` ids of that column, the moved task left out), and the 1-based
 * position to send to the server. `shown` decides which cards the user saw (a task group filter).
 */
export function planMove<T extends Placed>(
  tasks: readonly T[],
  stageIds: readonly number[],
  taskId: number,
  toStage: number,
  shownIndex: number,
  shown: (task: T) => boolean = () => true,
): { tasks: T[]; position: number; changed: boolean } {
  const columns = buildColumns(tasks, stageIds);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const all = (columns.get(toStage) ?? []).filter((id) => id !== taskId);
  const visible = all.filter((id) => shown(byId.get(id)!));
  const index = Math.max(0, Math.min(shownIndex, visible.length));
  const shownAfterDrop = [...visible.slice(0, index), taskId, ...visible.slice(index)];
  const position = positionAmongAll(all, shownAfterDrop, taskId);
  const moved = moveInColumns(columns, taskId, toStage, position - 1);
  const next = applyColumns(tasks, moved);
  const before = byId.get(taskId);
  const after = next.find((t) => t.id === taskId);
  const changed = Boolean(before && after && (before.stage_id !== after.stage_id || before.position !== after.position));
  return { tasks: next, position, changed };
}
