/**
 * The tracker's data at scale, shared by the benches that read projects (tracker, reports,
 * projects overview, dashboard): 2,000 projects over the demo companies with 100,000 tasks (50
 * each, spread over the board's stages) and a status history, seeded in SQL in the server process
 * (bench/server-process.ts `seed` names a module exporting `benchSeed`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { seedSql } from './seed-sql';

export const BENCH_PROJECTS = 2_000;
export const TASKS_PER_PROJECT = 50;
/**
 * In the server process (bench/server-process.ts `seed`): 2,000 projects round the companies, a
 * task group each, 50 tasks each in the board's stages (positions 1..n per column), due dates
 * around today; the figures set as the recompute would; a status history of two to four rows
 * each over their start-to-today span (the reports' history), `went_live_at` on the live ones;
 * then ANALYZE.
 */
export async function benchSeed(database: Database): Promise<void> {
  const started = Date.now();
  const { execute, close } = await seedSql(database);
  const n = sql.raw(String(BENCH_PROJECTS));
  const per = sql.raw(String(TASKS_PER_PROJECT));
  await execute(sql`
    INSERT INTO projects (company_id, name, project_type, status, project_manager_id, account_manager_id, start_date, launch_date, updated_at, created_at)
    SELECT c.id, 'Bench launch ' || i, (ARRAY['multi-franchise-dealer', 'independent', 'stock', 'oem']::config_project_type[])[1 + i % 4],
      (ARRAY['active', 'pre-project', 'active', 'live', 'on hold']::project_status[])[1 + i % 5],
      (SELECT id FROM users WHERE email = 'pm@demo.test'), (SELECT id FROM users WHERE email = 'am@demo.test'),
      current_date - (i % 300), current_date + (i % 200), now() - make_interval(mins => (i * 7919) % ${n}), now() - make_interval(mins => i)
    FROM generate_series(1, ${n}) AS i
    JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k, count(*) OVER ()::int AS total FROM companies) c ON c.k = i % c.total`);
  await execute(sql`
    INSERT INTO project_task_types (project_id, name, position)
    SELECT id, 'Build', 1 FROM projects WHERE name LIKE 'Bench launch %'`);
  await execute(sql`
    WITH stages AS (SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::int AS s, count(*) OVER ()::int AS total FROM task_stages)
    INSERT INTO project_tasks (project_id, project_task_type_id, name, stage_id, position, due_date, milestone, completed_at)
    SELECT g.project_id, g.id, 'Bench task ' || k, st.id, k / st.total + 1, current_date + (k * 3 - 60), k % 10 = 0,
      CASE WHEN (SELECT is_done FROM task_stages WHERE id = st.id) THEN now() END
    FROM project_task_types g
    JOIN projects p ON p.id = g.project_id AND p.name LIKE 'Bench launch %'
    CROSS JOIN generate_series(0, ${per} - 1) AS k
    JOIN stages st ON st.s = k % st.total`);
  await execute(sql`
    UPDATE projects p SET tasks_total = t.total, tasks_done = t.done, complete_percentage = round(100.0 * t.done / t.total)
    FROM (SELECT pt.project_id, count(*) AS total, count(*) FILTER (WHERE s.is_done) AS done
          FROM project_tasks pt JOIN task_stages s ON s.id = pt.stage_id GROUP BY pt.project_id) t
    WHERE t.project_id = p.id AND p.name LIKE 'Bench launch %'`);
  // The status history (migration 0014's trigger wrote one row per project, all "now"): created
  // as pre-project on the start date, active a tenth of the way from it to today, amber (one in
  // three) at 40%, and at 70% as it stands now (live, on hold, or green again); went_live_at is the
  // live row's time.
  await execute(sql`
    DELETE FROM project_status_history h USING projects p WHERE p.id = h.project_id AND p.name LIKE 'Bench launch %'`);
  await execute(sql`
    INSERT INTO project_status_history (project_id, status, rag, changed_at)
    SELECT p.id, s.status, s.rag, least(t.started + f.part * (now() - t.started), now() - interval '1 minute')
    FROM projects p
    CROSS JOIN LATERAL (SELECT (p.start_date + time '09:00') AT TIME ZONE 'UTC' AS started) AS t
    CROSS JOIN LATERAL (VALUES
      (0, 'pre-project'::project_status, 'green'::rag_status, true),
      (1, 'active', 'green', p.status <> 'pre-project'),
      (2, 'active', 'amber', p.status <> 'pre-project' AND p.id % 3 = 0),
      (3, p.status, p.rag, p.status NOT IN ('pre-project', 'active') OR (p.status = 'active' AND p.id % 3 = 0))
    ) AS s(k, status, rag, wanted)
    CROSS JOIN LATERAL (SELECT (ARRAY[0, 0.1, 0.4, 0.7])[s.k + 1]::float8 AS part) AS f
    WHERE p.name LIKE 'Bench launch %' AND s.wanted
    ORDER BY p.id, s.k`);
  await execute(sql`
    UPDATE projects p SET went_live_at = h.changed_at
    FROM project_status_history h
    WHERE h.project_id = p.id AND p.name LIKE 'Bench launch %' AND p.status = 'live' AND h.status = 'live'`);
  await execute(sql`ANALYZE projects`);
  await execute(sql`ANALYZE project_status_history`);
  await execute(sql`ANALYZE project_tasks`);
  await execute(sql`ANALYZE project_task_types`);
  await close();
  console.log(`  seeded ${BENCH_PROJECTS} projects and ${BENCH_PROJECTS * TASKS_PER_PROJECT} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
