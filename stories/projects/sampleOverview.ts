import type { OverviewProject } from '../../src/tracker/views/api';

/** Projects as GET /projects/overview lists them: a red one late, amber ones with overdue tasks, one on hold. */
export const sampleOverviewProjects: OverviewProject[] = [
  { id: 11, name: 'Harbourside Motors JLR online service booking', company_name: 'Harbourside Motors', status: 'active', rag: 'red', complete_percentage: 54, launch_date: '2026-12-10', overdue_tasks: 5, project_manager: { id: 2, name: 'Pat Project' } },
  { id: 12, name: 'Sunshine Coast Cars Single-franchise dealer', company_name: 'Sunshine Coast Cars', status: 'on hold', rag: 'amber', complete_percentage: 47, launch_date: '2026-12-31', overdue_tasks: 1, project_manager: { id: 2, name: 'Pat Project' } },
  { id: 13, name: 'Mersey Motor Company Leasing', company_name: 'Mersey Motor Company', status: 'pre-project', rag: 'amber', complete_percentage: 0, launch_date: null, overdue_tasks: 0, project_manager: null },
];
