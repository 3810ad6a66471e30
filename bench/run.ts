/**
 * `npm run bench`: every speed budget an issue names, measured on this machine.
 * Pass names to run a subset: `npm run bench -- rules`.
 */
// A module (top-level await), though it exports nothing.
export {};

const suites: Record<string, () => Promise<void>> = {
  bundle: async () => (await import('./bundle')).benchBundle(),
  wire: async () => (await import('./wire')).benchWire(),
  rules: async () => (await import('./rules')).benchRules(),
  renderer: async () => (await import('./renderer')).benchRenderer(),
  load: async () => (await import('./load')).benchLoad(),
  api: async () => (await import('./api')).benchApi(),
  companies: async () => (await import('./companies-list')).benchCompanies(),
  'companies-page': async () => (await import('./companies-page')).benchCompaniesPage(),
  config: async () => (await import('./config')).benchConfig(),
  'config-writes': async () => (await import('./config-writes')).benchConfigWrites(),
  'config-read': async () => (await import('./config-read')).benchConfigRead(),
  'stage-page': async () => (await import('./stage-page')).benchStagePage(),
  'agreement-pdf': async () => (await import('./agreement-pdf')).benchAgreementPdf(),
  'agreement-signatures': async () => (await import('./agreement-signatures')).benchAgreementSignatures(),
  agreements: async () => (await import('./agreements-list')).benchAgreementsList(),
  tracker: async () => (await import('./tracker')).benchTracker(),
  'tracker-board': async () => (await import('./tracker-board')).benchTrackerBoard(),
  reports: async () => (await import('./reports')).benchReports(),
  'reports-page': async () => (await import('./reports-page')).benchReportsPage(),
  'projects-overview': async () => (await import('./projects-overview')).benchProjectsOverview(),
  'first-screens': async () => (await import('./first-screens')).benchFirstScreens(),
  dashboard: async () => (await import('./dashboard')).benchDashboard(),
  migration: async () => (await import('./migration')).benchMigration(),
  'stage-editor': async () => (await import('./stage-editor')).benchStageEditor(),
  balancer: async () => (await import('./balancer')).benchBalancer(),
  'stage-events': async () => (await import('./stage-events')).benchStageEvents(),
  'stage-publish': async () => (await import('./stage-publish')).benchStagePublish(),
  search: async () => (await import('./search')).benchSearch(),
  'audit-writes': async () => (await import('./audit-writes')).benchAuditWrites(),
  moves: async () => (await import('./moves')).benchMoves(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(suites);
for (const name of names) {
  const run = suites[name];
  if (!run) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} ==`);
  await run();
}
