import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { CompanyDashboard, StaffDashboard } from '../../contract/dashboard';

const day = (offset: number) => new Date(Date.UTC(2026, 5, 15) + offset * 86_400_000).toISOString().slice(0, 10);
const motors = { id: 1, name: 'Demo Motors' };
const harbour = { id: 2, name: 'Harbour Cars' };

/** A project manager's dashboard: every widget, with rows. */
export const sampleStaff: Required<StaffDashboard> = {
  my_projects: {
    total: 3,
    rows: [
      { id: 1, name: 'Demo Motors website launch', company: motors, status: 'active', rag: 'red', complete_percentage: 42, launch_date: day(20), overdue_tasks: 3, my_role: 'project_manager' },
      { id: 2, name: 'Harbour Cars stock feed', company: harbour, status: 'on hold', rag: 'amber', complete_percentage: 65, launch_date: day(45), overdue_tasks: 1, my_role: 'both' },
      { id: 3, name: 'Pennine Motor Group relaunch', company: { id: 3, name: 'Pennine Motor Group' }, status: 'pre-project', rag: 'green', complete_percentage: 0, launch_date: null, overdue_tasks: 0, my_role: 'account_manager' },
    ],
  },
  tasks_due: {
    total: 3,
    rows: [
      { id: 11, name: 'Homepage design approved', due_date: day(-2), overdue: true, milestone: true, project: { id: 1, name: 'Demo Motors website launch' }, company: motors, assignee: 'Pat Project' },
      { id: 12, name: 'Stock feed connected', due_date: day(3), overdue: false, milestone: false, project: { id: 2, name: 'Harbour Cars stock feed' }, company: harbour, assignee: null },
    ],
  },
  review: {
    total: 1,
    rows: [{ id: 5, guid: '5e0b8d1c-8f1a-4e57-9b1c-2b7f2f6f0a01', name: 'Demo Motors website', company: motors, stages: ['company-information', 'locations'], submitted_at: `${day(-1)}T09:30:00.000Z` }],
  },
  approvals: {
    total: 1,
    rows: [{ id: 7, title: 'Extra landing page for the spring sale', type: 'styling', project: { id: 1, name: 'Demo Motors website launch' }, company: motors, raised_by: 'Andy Account', created_at: `${day(-3)}T14:00:00.000Z` }],
  },
  activity: {
    total: 2,
    rows: [
      { id: 100, config: { id: 5, guid: '5e0b8d1c-8f1a-4e57-9b1c-2b7f2f6f0a01', name: 'Demo Motors website' }, company: motors, user: 'Dana Dealer', action: 'save', stage: 'company-information', new_state: 'submitted', source: null, created_at: `${day(-1)}T09:30:00.000Z` },
      { id: 99, config: { id: 6, guid: '7a1c3e55-0d8b-4c1e-8f7a-9e2d4b6c8a02', name: 'Harbour Cars website' }, company: harbour, user: null, action: 'add_stage', stage: 'locations', new_state: null, source: null, created_at: `${day(-2)}T08:00:00.000Z` },
      { id: 98, config: { id: 6, guid: '7a1c3e55-0d8b-4c1e-8f7a-9e2d4b6c8a02', name: 'Harbour Cars website' }, company: harbour, user: 'Priya Shah', action: 'import', stage: 'franchises', new_state: null, source: 'harbour-legacy.csv', created_at: `${day(-3)}T15:45:00.000Z` },
    ],
  },
};

/** One company on its dashboard, every section. */
export const sampleCompany: CompanyDashboard = {
  company: { id: 1, guid: '0b6f7a52-3c1d-4e8f-9a2b-1c3d5e7f9a03', name: 'Demo Motors', stage: 'configurator', status: 'active' },
  configs: [{ id: 5, guid: '5e0b8d1c-8f1a-4e57-9b1c-2b7f2f6f0a01', name: 'Demo Motors website', status: 'active', progress: 40, submitted: 2, updated_at: `${day(-1)}T09:30:00.000Z` }],
  agreements: [{ id: 8, name: 'Demo Motors website launch', stage: 'sent', updated_at: `${day(-5)}T10:00:00.000Z` }],
  projects: [
    { id: 1, name: 'Demo Motors website launch', status: 'active', rag: 'amber', complete_percentage: 42, launch_date: day(20), project_manager: 'Pat Project', account_manager: 'Andy Account', overdue_tasks: 1, next_due: { id: 11, name: 'Homepage design approved', names: {}, due_date: day(2) } },
  ],
  users: [
    { id: 20, name: 'Dana Dealer', email: 'dealer@demo.test', primary: true, status: 'active' },
    { id: 21, name: 'Sam Sales', email: 'sam@demo-motors.example', primary: false, status: 'disabled' },
  ],
  activity: sampleStaff.activity.rows,
};

/** The stage titles the widgets name, so no story asks the server for the catalogue. */
const catalogue = {
  stages: [
    { slug: 'company-information', title: 'configurator:stages.company-information.title', group: '', audience: 'dealer', order: 1, required: true, requires: [] },
    { slug: 'locations', title: 'configurator:stages.locations.title', group: '', audience: 'dealer', order: 2, required: true, requires: [] },
    // Every stage the rows name: one it lacks is read again from the server (useStageTitles), which a story has not.
    { slug: 'franchises', title: 'configurator:stages.franchises.title', group: '', audience: 'dealer', order: 3, required: true, requires: [] },
  ],
  types: { design_types: [], project_types: [] },
  stage_sets: {},
};

/** A router and a react-query client that holds the stage catalogue and never fetches. */
export function DashboardStoryFrame({ children, width = 1000 }: { children: ReactNode; width?: number }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } });
  client.setQueryData(['configs', 'stage-catalogue'], catalogue);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <div style={{ maxWidth: width }}>{children}</div>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
