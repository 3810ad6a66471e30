import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm, redirect, type Prefetch } from '../routing/define';

const ConfigStage = lazyPage(() => import('./ConfigStagePage'));

/**
 * A stage page's validators (a chunk per stage, engine/README.md), asked for beside the page's code
 * rather than once the page has mounted, a round trip later. The engine comes by dynamic import:
 * the app's first chunk does not carry it.
 */
const prefetchStageValidators: Prefetch = (_search, path) => {
  const slug = decodeURIComponent(path.split('/').pop() ?? '');
  return import('../../engine').then(({ hasStage, loadStageValidators, stageValidatorsNeeded }) => (hasStage(slug) ? loadStageValidators(stageValidatorsNeeded(slug)) : undefined));
};

/** The configurator: the configs list, a config's dashboard, overview and stages. */
export default defineArea({
  routes: [
    auth('Config', '/configurator', 'routes.config', perm(P.viewConfigs), link('configurator', 'menu.configurator', 'main', 30)),
    // `/configurator/{id}` opens that config's dashboard (spec section 2).
    redirect('Config Redirect', '/configurator/:id', 'routes.configDashboard', '/configurator/:id/dashboard', perm(P.viewConfigs)),
    auth('Config Dashboard', '/configurator/:id/dashboard', 'routes.configDashboard', perm(P.viewConfigs)),
    auth('Config Overview', '/configurator/:id/overview', 'routes.configOverview', perm(P.viewConfigs)),
    auth('Config Internal Stage', '/configurator/:id/internal/:slug', 'routes.configInternalStage', perm(P.manageConfigs)),
    auth('Config Stage', '/configurator/:id/:slug', 'routes.configStage', perm(P.viewConfigs)),
  ],
  pages: {
    Config: lazyPage(() => import('./ConfigListPage')),
    'Config Dashboard': lazyPage(() => import('./ConfigDashboardPage')),
    'Config Overview': lazyPage(() => import('./ConfigOverviewPage')),
    'Config Stage': ConfigStage,
    // The same page: it shows internal notes on the internal route (the route needs manage configs).
    'Config Internal Stage': ConfigStage,
  },
  prefetch: { 'Config Stage': prefetchStageValidators, 'Config Internal Stage': prefetchStageValidators },
  next: { Config: ['Config Dashboard'], 'Config Dashboard': ['Config Stage', 'Config Overview'], 'Config Stage': ['Config Dashboard'] },
});
