import { describe, expect, it } from 'vitest';
import { applyColumns, buildColumns, moveInColumns, planMove, positionAmongAll, stageOf, type Placed } from '../../../src/tracker/board/boardOrder';

type Task = Placed & { group: number };
const task = (id: number, stage_id: number, position: number, group = 1): Task => ({ id, stage_id, position, group });

// Stage 10 "To do": 1, 2, 3 (2 is group 2); stage 20 "Doing": 4; stage 30 "Done": empty.
const tasks: Task[] = [task(2, 10, 2, 2), task(1, 10, 1), task(3, 10, 3), task(4, 20, 1)];
const stages = [10, 20, 30];
const order = (list: readonly Task[], stage: number) => list.filter((t) => t.stage_id === stage).sort((a, b) => a.position - b.position).map((t) => t.id);

describe('the board order', () => {
  it('builds the columns by position, every stage present, tasks of unknown stages left out', () => {
    const columns = buildColumns([...tasks, task(9, 99, 1)], stages);
    expect([...columns]).toEqual([
      [10, [1, 2, 3]],
      [20, [4]],
      [30, []],
    ]);
    expect(stageOf(columns, 4)).toBe(20);
    expect(stageOf(columns, 9)).toBeUndefined();
  });

  it('moves within a column and renumbers it from 1', () => {
    const plan = planMove(tasks, stages, 1, 10, 2);
    expect(order(plan.tasks, 10)).toEqual([2, 3, 1]);
    expect(plan.tasks.filter((t) => t.stage_id === 10).map((t) => t.position).sort()).toEqual([1, 2, 3]);
    expect(plan.position).toBe(3);
    expect(plan.changed).toBe(true);
  });

  it('moves to another column, closing the gap in the source', () => {
    const plan = planMove(tasks, stages, 2, 20, 0);
    expect(order(plan.tasks, 10)).toEqual([1, 3]);
    expect(order(plan.tasks, 20)).toEqual([2, 4]);
    expect(plan.position).toBe(1);
    expect(plan.tasks.find((t) => t.id === 3)?.position).toBe(2);
  });

  it('moves into an empty column at position 1, whatever index the drop said', () => {
    const plan = planMove(tasks, stages, 4, 30, 7);
    expect(order(plan.tasks, 30)).toEqual([4]);
    expect(order(plan.tasks, 20)).toEqual([]);
    expect(plan.position).toBe(1);
  });

  it('reports no change for a drop where the card already is, and keeps every task object', () => {
    const plan = planMove(tasks, stages, 3, 10, 2);
    expect(plan.changed).toBe(false);
    plan.tasks.forEach((t, i) => expect(t).toBe(tasks[i]));
  });

  it('keeps the objects of tasks whose place did not change (memoised cards do not repaint)', () => {
    const plan = planMove(tasks, stages, 2, 20, 0);
    expect(plan.tasks.find((t) => t.id === 1)).toBe(tasks[1]);
    expect(plan.tasks.find((t) => t.id === 2)).not.toBe(tasks[0]);
  });

  it('turns a drop among the shown cards of one group into a position among all of the column', () => {
    // Only group 1 is shown: To do shows 1, 3. Dropping 4 between them means before 3, i.e. after 2: position 3.
    const plan = planMove(tasks, stages, 4, 10, 1, (t) => t.group === 1);
    expect(plan.position).toBe(3);
    expect(order(plan.tasks, 10)).toEqual([1, 2, 4, 3]);
    // Dropped last among the shown: after 3, the end of the column.
    expect(planMove(tasks, stages, 4, 10, 9, (t) => t.group === 1).position).toBe(4);
    // Dropped first: before 1.
    expect(planMove(tasks, stages, 4, 10, 0, (t) => t.group === 1).position).toBe(1);
  });

  it('finds the position among all from the neighbours of the drop', () => {
    expect(positionAmongAll([1, 2, 3], [9, 3], 9)).toBe(3);
    expect(positionAmongAll([1, 2, 3], [1, 9], 9)).toBe(2);
    expect(positionAmongAll([1, 2, 3], [9], 9)).toBe(4);
    expect(positionAmongAll([], [9], 9)).toBe(1);
  });

  it('clamps an index past the end of a column and ignores an unknown task or stage', () => {
    const columns = buildColumns(tasks, stages);
    expect(moveInColumns(columns, 1, 20, 50).get(20)).toEqual([4, 1]);
    expect(moveInColumns(columns, 1, 20, -3).get(20)).toEqual([1, 4]);
    expect(moveInColumns(columns, 77, 20, 0).get(20)).toEqual([4]);
    expect(moveInColumns(columns, 1, 77, 0).get(10)).toEqual([1, 2, 3]);
    expect(applyColumns(tasks, moveInColumns(columns, 1, 77, 0))).toEqual(tasks);
  });

  it('plans a move on a 500-task board quickly', () => {
    const big = Array.from({ length: 500 }, (_, i) => task(i + 1, [10, 20, 30][i % 3], Math.floor(i / 3) + 1));
    const started = performance.now();
    const plan = planMove(big, stages, 250, 30, 10);
    expect(performance.now() - started).toBeLessThan(50);
    expect(order(plan.tasks, 30)[10]).toBe(250);
  });
});
