/**
 * GET /tasks: the templates as an ra-data-simple-rest list (sort position | name | updated_at;
 * filter {q, id, task_type_id, project_type}; `q` also plain). `project_type` lists the templates a
 * new project of that type gets: its own and the ones for every type (empty project_types).
 */
import { and, count, ilike, inArray, or, sql } from 'drizzle-orm';
import { PROJECT_TYPES } from '../../contract/projects';
import type { TaskTemplate } from '../../contract/tasks';
import type { Db } from '../db/database';
import { tasks } from '../db/schema';
import { cleanText } from '../http/clean-text';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { loadTemplates } from './tasks.service';

const rest = simpleRest(serverMessages.tasks.bad_query);
const SORTABLE = { position: tasks.position, name: tasks.name, updated_at: tasks.updatedAt, id: tasks.id } as const;
const FILTER_KEYS = ['q', 'id', 'task_type_id', 'project_type'];

export interface TemplateListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
}

export async function listTemplates(db: Db, query: TemplateListQuery): Promise<Page<TaskTemplate>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const ids = rest.ids(f.id, 'id');
  const typeIds = rest.ids(f.task_type_id, 'task_type_id');
  const projectType = rest.oneOf(f, 'project_type', PROJECT_TYPES);
  const order = rest.sort(query.sort, SORTABLE, ['position', 'ASC'], tasks.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    pattern ? or(ilike(tasks.name, pattern), ilike(tasks.description, pattern)) : undefined,
    ids ? inArray(tasks.id, ids) : undefined,
    typeIds ? inArray(tasks.taskTypeId, typeIds) : undefined,
    projectType ? sql`(cardinality(${tasks.projectTypes}) = 0 OR ${projectType}::config_project_type = ANY(${tasks.projectTypes}))` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ id: tasks.id }).from(tasks).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return pageOf(await loadTemplates(db, rows.map((r) => r.id)), total, range);
}
