import { sql, type SQL } from 'drizzle-orm';

/**
 * A project task's `names` (contract/names.ts) inside a SQL answer (a json_build_object): its
 * template's words while the task keeps the template's name, else `{}` (renamed in the project, a
 * custom task, or its template gone). The same rule as projects.service.ts `copiedNames`, for the
 * lists and dashboards that build their rows in SQL. `name` and `taskId` are the task row's columns.
 */
export const copiedTaskNamesSql = (name: unknown, taskId: unknown): SQL =>
  sql`coalesce((SELECT CASE WHEN tk.name = ${name} THEN tk.names END FROM tasks tk WHERE tk.id = ${taskId}), '{}'::jsonb)`;
