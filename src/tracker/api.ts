import { http } from '../http';
import type {
  VariationAnswer,
  CustomTaskInput,
  DealerProject,
  ProjectDetail,
  ProjectFigures,
  ProjectInput,
  ProjectNote,
  ProjectRisk,
  ProjectTask,
  ProjectTaskGroup,
  Stakeholder,
  StakeholderInput,
  TaskChanges,
  TaskStage,
  TaskType,
  TaskWriteAnswer,
  Variation,
  VariationInput,
} from './types';

export type * from './types';

/**
 * The tracker's calls (server/projects/README.md) over the one HTTP client. Reads take react-query's
 * `signal` and bypass the storage cache (`cache: false`: react-query is the one cache); writes are
 * sent once with `notify: false`, so the caller shows the server's words where they belong (a
 * dialog's field, the board's rollback growl).
 */
const enc = (id: number | string) => encodeURIComponent(String(id));
const read = (signal?: AbortSignal) => ({ cache: false, notify: false, signal }) as const;
const write = { notify: false } as const;
const ALL = { range: JSON.stringify([0, 999]) };

/** A list answer as an array: simple-rest lists are arrays; a wrapped one is unwrapped. */
function rows<T>(answer: T[] | { data?: T[]; items?: T[] } | undefined): T[] | undefined {
  if (answer === undefined) return undefined;
  return Array.isArray(answer) ? answer : (answer.data ?? answer.items ?? []);
}

export const getProject = async (id: number, signal?: AbortSignal) => http.get<ProjectDetail>(`/projects/${enc(id)}`, read(signal));
export const createProject = async (input: ProjectInput) => http.post<ProjectDetail & { message?: string }>('/projects', input, write);
export const updateProject = async (id: number, input: ProjectInput) => http.put<ProjectDetail & { message?: string }>(`/projects/${enc(id)}`, input, write);
export const deleteProject = async (id: number) => http.delete<{ message?: string }>(`/projects/${enc(id)}`, write);

export const getTasks = async (id: number, signal?: AbortSignal) => rows(await http.get<ProjectTask[]>(`/projects/${enc(id)}/tasks`, { ...read(signal), query: ALL }));
export const updateTask = async (projectId: number, taskId: number, changes: TaskChanges) => http.put<TaskWriteAnswer>(`/projects/${enc(projectId)}/tasks/${enc(taskId)}`, changes, write);
export const deleteTask = async (projectId: number, taskId: number) =>
  http.delete<{ project?: ProjectFigures; message?: string }>(`/projects/${enc(projectId)}/tasks/${enc(taskId)}`, write);
export const createCustomTask = async (projectId: number, input: CustomTaskInput) => http.post<TaskWriteAnswer>(`/projects/${enc(projectId)}/tasks/custom`, input, write);

export const getStages = async (signal?: AbortSignal) =>
  rows(await http.get<TaskStage[]>('/tasks/stages', { ...read(signal), query: { sort: JSON.stringify(['position', 'ASC']), ...ALL } }));
export const getTaskTypes = async (signal?: AbortSignal) =>
  rows(await http.get<TaskType[]>('/tasks/types', { ...read(signal), query: { sort: JSON.stringify(['position', 'ASC']), ...ALL } }));

export const getGroups = async (id: number, signal?: AbortSignal) => rows(await http.get<ProjectTaskGroup[]>(`/projects/${enc(id)}/types`, read(signal)));
export const createGroup = async (id: number, name: string) => http.post<ProjectTaskGroup & { message?: string }>(`/projects/${enc(id)}/types`, { name }, write);
export const markGroupMaster = async (id: number, groupId: number) => http.put<{ message?: string }>(`/projects/${enc(id)}/types/${enc(groupId)}`, { master: true }, write);
export const deleteGroup = async (id: number, groupId: number) => http.delete<{ message?: string }>(`/projects/${enc(id)}/types/${enc(groupId)}`, write);

export const getProjectVariations = async (id: number, signal?: AbortSignal) =>
  rows(await http.get<Variation[]>(`/projects/${enc(id)}/variations`, { ...read(signal), query: { sort: JSON.stringify(['created_at', 'DESC']), ...ALL } }));
export const getAwaitingVariations = async (signal?: AbortSignal) =>
  rows(await http.get<Variation[]>('/variations', { ...read(signal), query: { filter: JSON.stringify({ awaiting: 'me' }), sort: JSON.stringify(['created_at', 'ASC']), ...ALL } }));
export const createVariation = async (id: number, input: VariationInput) => http.post<VariationAnswer>(`/projects/${enc(id)}/variations`, input, write);
export const updateVariation = async (id: number, variationId: number, input: VariationInput) =>
  http.put<VariationAnswer>(`/projects/${enc(id)}/variations/${enc(variationId)}`, input, write);
export const deleteVariation = async (id: number, variationId: number) => http.delete<{ message?: string }>(`/projects/${enc(id)}/variations/${enc(variationId)}`, write);
/**
 * Approves or rejects a variation as the approver was shown it: its `revision` and free-of-charge
 * amount go with the decision, so a variation changed since is refused (409) instead of decided unseen.
 */
export const decideVariation = async (variation: Pick<Variation, 'id' | 'revision' | 'foc_cost'>, decision: 'approved' | 'rejected', note?: string) =>
  http.post<VariationAnswer>(`/variations/${enc(variation.id)}/decision`, { decision, revision: variation.revision, amount: variation.foc_cost, ...(note ? { note } : {}) }, write);

export const getStakeholders = async (id: number, signal?: AbortSignal) => rows(await http.get<Stakeholder[]>(`/projects/${enc(id)}/stakeholders`, read(signal)));
export const addStakeholder = async (id: number, input: StakeholderInput) => http.post<{ stakeholder: Stakeholder; message: string }>(`/projects/${enc(id)}/stakeholders`, input, write);
export const removeStakeholder = async (id: number, stakeholderId: number) => http.delete<{ message?: string }>(`/projects/${enc(id)}/stakeholders/${enc(stakeholderId)}`, write);

export const getNotes = async (id: number, signal?: AbortSignal) => rows(await http.get<ProjectNote[]>(`/projects/${enc(id)}/notes`, read(signal)));
export const addNote = async (id: number, body: string) => http.post<{ note: ProjectNote; message: string }>(`/projects/${enc(id)}/notes`, { body }, write);
export const deleteNote = async (id: number, noteId: number) => http.delete<unknown>(`/projects/${enc(id)}/notes/${enc(noteId)}`, write);
export const getRisks = async (id: number, signal?: AbortSignal) => rows(await http.get<ProjectRisk[]>(`/projects/${enc(id)}/risks`, read(signal)));
export const addRisk = async (id: number, input: Pick<ProjectRisk, 'title' | 'severity'> & { description?: string | null; state?: ProjectRisk['state'] }) =>
  http.post<{ risk: ProjectRisk; message: string }>(`/projects/${enc(id)}/risks`, input, write);
export const updateRisk = async (id: number, riskId: number, input: Partial<Pick<ProjectRisk, 'title' | 'severity' | 'state' | 'description'>>) =>
  http.put<{ risk: ProjectRisk; message: string }>(`/projects/${enc(id)}/risks/${enc(riskId)}`, input, write);
export const deleteRisk = async (id: number, riskId: number) => http.delete<unknown>(`/projects/${enc(id)}/risks/${enc(riskId)}`, write);

export const getCompanyProjects = async (companyId: number, signal?: AbortSignal) => rows(await http.get<DealerProject[]>(`/companies/${enc(companyId)}/projects`, read(signal)));

/** A choice of the new-project form's remote selects. */
export interface Choice {
  id: number;
  name: string;
  stage?: string;
  email?: string;
}

/** Companies by name (GET /companies, filter q), first 25. */
export async function searchCompanies(q: string, signal?: AbortSignal): Promise<Choice[] | undefined> {
  const list = await http.get<Choice[]>('/companies', { ...read(signal), query: { filter: JSON.stringify(q.trim() ? { q: q.trim() } : {}), sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 24]) } });
  return list?.map(({ id, name }) => ({ id, name }));
}

/** A company's configs (GET /companies/{id}/configs), newest first. */
export async function companyConfigs(companyId: number, signal?: AbortSignal): Promise<Choice[] | undefined> {
  const list = rows(await http.get<Choice[]>(`/companies/${enc(companyId)}/configs`, { ...read(signal), query: { sort: JSON.stringify(['updated_at', 'DESC']), range: JSON.stringify([0, 99]) } }));
  return list?.map(({ id, name }) => ({ id, name }));
}

/** A company's agreements that are not archived (GET /companies/{id}/agreements). */
export async function companyAgreementChoices(companyId: number, signal?: AbortSignal): Promise<Choice[] | undefined> {
  const list = rows(
    await http.get<Choice[]>(`/companies/${enc(companyId)}/agreements`, {
      ...read(signal),
      query: { sort: JSON.stringify(['updated_at', 'DESC']), range: JSON.stringify([0, 99]), filter: JSON.stringify({ archived: false }) },
    }),
  );
  return list?.map(({ id, name, stage }) => ({ id, name, stage }));
}

/**
 * Users by name or email (GET /users, filter q, active only) for the managers and assignees. The
 * users list has no "staff" filter; the server refuses a manager who is not staff, with its words.
 */
export async function searchUsers(q: string, signal?: AbortSignal): Promise<Choice[] | undefined> {
  const list = await http.get<Choice[]>('/users', {
    ...read(signal),
    query: { filter: JSON.stringify({ status: 'active', ...(q.trim() ? { q: q.trim() } : {}) }), sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 24]) },
  });
  return list?.map(({ id, name, email }) => ({ id, name, email }));
}
