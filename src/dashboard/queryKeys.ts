/**
 * react-query keys of the dashboards' reads, the API resource first (`dashboard`): both are read
 * fresh at every visit (FRESH), so a write elsewhere is seen the next time the page is shown.
 */
export const dashboardKeys = {
  /** GET /dashboard. */
  staff: () => ['dashboard', 'staff'] as const,
  /** GET /dashboard/companies/{id}. */
  company: (id: number) => ['dashboard', 'companies', id] as const,
};
