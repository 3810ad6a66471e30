/** What the dashboard page (home/DashboardPage.tsx) shows of this area. */
export { StaffDashboard } from './StaffDashboard';
export { CompanyDashboard } from './CompanyDashboard';
