import { auth, defineArea, link } from '../routing/define';
import { lazyPage } from '../routing/lazyPage';
import { session } from '../session/session';

const Dashboard = lazyPage(() => import('./DashboardPage'), ['dashboard']);

/** The home dashboard, of the active company or (staff) of the one in the address. */
export default defineArea({
  routes: [
    auth('Dashboard', '/dashboard', 'routes.dashboard', undefined, link('dashboard', 'menu.dashboard', 'main', 10)),
    auth('Company Dashboard', '/dashboard/:id', 'routes.companyDashboard'),
  ],
  pages: { Dashboard, 'Company Dashboard': Dashboard },
  preload: {
    // Company dashboard: that company becomes the active one (a dealer's own other company, their current one).
    'Company Dashboard': ({ id }) => session.openCompany(Number(id)),
    // Dashboard without an id: the active company is cleared (spec section 2).
    Dashboard: async () => {
      if (session.activeCompanyId()) await session.clearActiveCompany();
    },
  },
});
