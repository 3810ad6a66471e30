/** What the dashboard page (pages/app/DashboardPage.tsx) shows of this area. */
export { StaffDashboard } from './StaffDashboard';
export { CompanyDashboard } from './CompanyDashboard';
