/**
 * react-query keys of the tracker's reads, each starting with the API resource it reads (the rule
 * of every area's `queryKeys.ts`: a write to /projects marks every `['projects', ...]` key stale,
 * src/data/queryClient.ts).
 */
export const trackerKeys = {
  /** GET /projects/{id}. */
  project: (id: number) => ['projects', 'detail', id] as const,
  /** GET /projects/{id}/tasks: the board's cards. */
  tasks: (id: number) => ['projects', 'tasks', id] as const,
  /** GET /projects/{id}/types: the project's task groups. */
  groups: (id: number) => ['projects', 'types', id] as const,
  /** GET /projects/{id}/variations. */
  variations: (id: number) => ['projects', 'variations', id] as const,
  /** GET /variations?awaiting=me: what waits for my approval. */
  awaiting: () => ['variations', 'awaiting', 'me'] as const,
  /** GET /projects/{id}/stakeholders. */
  stakeholders: (id: number) => ['projects', 'stakeholders', id] as const,
  /** GET /projects/{id}/notes and /risks. */
  notes: (id: number) => ['projects', 'notes', id] as const,
  risks: (id: number) => ['projects', 'risks', id] as const,
  /** GET /tasks/stages and /tasks/types: the board's columns and the groups' icons. */
  stages: () => ['tasks', 'stages'] as const,
  types: () => ['tasks', 'types'] as const,
  /** GET /companies/{id}/projects: the dealer's card. */
  ofCompany: (companyId: number) => ['companies', 'projects', companyId] as const,
  /** The new-project form's choices: a company's configs and agreements, staff users. */
  companyConfigs: (companyId: number) => ['companies', 'configs', companyId] as const,
  companyAgreements: (companyId: number) => ['companies', 'agreements', companyId] as const,
  companySearch: (q: string) => ['companies', 'search', q] as const,
  userSearch: (q: string) => ['users', 'search', q] as const,
};
