import { http } from '../http';
import type { CompanyDashboard, StaffDashboard } from '../../contract/dashboard';

/** The dashboards' answers as the contract gives them (contract/dashboard.ts). */
export type {
  CompanyAgreement,
  CompanyConfig,
  CompanyDashboard,
  CompanyProject,
  CompanyUser,
  DashboardActivity,
  DashboardApproval,
  DashboardProject,
  DashboardReview,
  DashboardTask,
  StaffDashboard,
} from '../../contract/dashboard';

const read = (signal?: AbortSignal) => ({ cache: false, notify: false, signal }) as const;

/** GET /dashboard: the staff's widgets, each present only when the viewer may see it. */
export const getStaffDashboard = async (signal?: AbortSignal) => http.get<StaffDashboard>('/dashboard', read(signal));

/** GET /dashboard/companies/{id}: one company on one page (404 outside the viewer's companies). */
export const getCompanyDashboard = async (id: number | string, signal?: AbortSignal) =>
  http.get<CompanyDashboard>(`/dashboard/companies/${encodeURIComponent(String(id))}`, read(signal));
