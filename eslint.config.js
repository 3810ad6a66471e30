// Lint is where the architecture is enforced: the dependency arrows of design.md
// (schemas, locales <- engine <- server; engine <- src; contract <- engine, server, src) are rules
// here, not a memory.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The app (src/, issue 52), as the server: one folder per area, each holding everything of its area
// (its react-admin resource descriptor, lists, forms, pages, hooks, API calls, query keys). An area
// imports the shared folders, the engine and contract/, never another area, so it can be read,
// changed or copied on its own; what two areas need moves to a shared folder. The shared folders
// import no area. The composers put areas together and are imported by none: App.tsx and main.tsx,
// shell/, home/ (the home dashboard shows the areas' home cards) and routing's route table and
// what reads it (areas.ts lists each area's routes.ts; pages.ts, publicPages.ts, routeElements.tsx,
// routeAt.ts, guard.ts, RouteGuard.tsx). Every other folder of src/ is an area.
const APP_SHARED = ['analytics', 'auth', 'csp', 'data', 'forms', 'http', 'i18n', 'layout', 'routing', 'session', 'status'];
const APP_COMPOSERS = ['home', 'shell'];
const ROUTING_COMPOSERS = ['areas.ts', 'pages.ts', 'publicPages.ts', 'routeElements.tsx', 'routeAt.ts', 'guard.ts', 'RouteGuard.tsx'];
const APP_AREAS = readdirSync('./src', { withFileTypes: true })
  .filter((d) => d.isDirectory() && !APP_SHARED.includes(d.name) && !APP_COMPOSERS.includes(d.name))
  .map((d) => d.name);
const appAreaZones = APP_AREAS.flatMap((area) => [
  ...APP_AREAS.filter((other) => other !== area).map((other) => ({
    target: `./src/${area}`,
    from: `./src/${other}`,
    message: `src/${area}/ imports only the shared folders, not src/${other}/: what both need belongs in a shared folder (src/README.md).`,
  })),
  {
    target: `./src/${area}`,
    from: [...APP_COMPOSERS.map((c) => `./src/${c}`), './src/App.tsx', './src/main.tsx', ...ROUTING_COMPOSERS.map((f) => `./src/routing/${f}`)],
    message: `src/${area}/ never imports the composers (App.tsx, main.tsx, shell/, home/, routing's route table): they import it.`,
  },
]);
const appSharedZones = APP_SHARED.flatMap((shared) =>
  APP_AREAS.map((area) => ({
    // routing's route table composes the areas' routes; the rest of routing/ is shared.
    target: shared === 'routing' ? `./src/routing/!(${ROUTING_COMPOSERS.join('|')})` : `./src/${shared}`,
    from: `./src/${area}`,
    message: `src/${shared}/ is shared by the areas and imports none of them (src/README.md).`,
  })),
);

// A server area (server/<area>/) imports shared plumbing (server/http, server/db, server/plugins,
// server/messages.ts, server/options.ts), the engine, and of another area only what this list
// names: that area's public functions a feature truly needs. Anything else another area would
// want belongs in the plumbing or in its own area. Keep the list short; a new entry is a design
// decision, say why next to it.
const SERVER_AREAS = ['analytics', 'adminconfigs', 'agreements', 'audit', 'auth', 'catalogue', 'companies', 'configs', 'dashboard', 'mail', 'media', 'migration', 'notifications', 'posts', 'presence', 'products', 'projects', 'reports', 'reviews', 'roles', 'search', 'tasks', 'taxonomies', 'users'];
const AREA_ALLOWS = {
  // Mails go out in the recipient's language with the shared wording: mail's public part, for everyone.
  '*': { mail: ['./mail.locale.ts', './mail.text.ts', './mail.words.ts', './mail.deliver.ts'] },
  // Upgrading configs to a stage version finds each config as configs does and stores the upgrade through the one stage write.
  catalogue: { configs: ['./configs.service.ts', './configs.write.ts', './configs.write-many.ts', './configs.types.ts'] },
  // Applying a layout finds the config as the configs area does (tenancy) and writes its internal stage through the one stage write.
  adminconfigs: { configs: ['./configs.service.ts', './configs.write.ts'] },
  // An agreement's logo_path follows the companies' logo rule (a media library file, named as companies name it).
  // An agreement's signature completes its projects' agreement_signed tasks (in the same transaction).
  // Issue 57: an invited signer is mailed the set-password link users get; the anonymous verify route is rationed by the
  // sign-in counters and takes a file of the media library's size.
  agreements: { companies: ['./companies.fields.ts'], projects: ['./projects.triggers.ts'], auth: ['./auth.password-tokens.ts', './auth.rate-limit.ts'], media: ['./media.content.ts'] },
  // A company answer carries its logo as a media item (the file's addresses).
  companies: { media: ['./media.service.ts'] },
  // Mail to a config's contacts is rationed by the same counters as sign-in.
  // A config write that completes the config completes its projects' config_submitted tasks.
  // A design stage's logo follows the media upload's logo rule (the same kinds and sizes, server/configs/configs.references.ts).
  // A config runs with the stage versions it is pinned to (its snapshot's catalogue; new configs and added stages take the newest).
  // A request for changes notifies the company's users as the review's own notifications do (issue 55).
  configs: { auth: ['./auth.rate-limit.ts'], projects: ['./projects.triggers.ts'], media: ['./media.content.ts'], catalogue: ['./catalogue.versions.ts'], reviews: ['./reviews.notify.ts'] },
  // Which media row is a company's logo (the company meta key); a session opens private files.
  media: { companies: ['./companies.fields.ts'], auth: ['./auth.sessions.ts', './auth.tokens.ts'] },
  // A legacy import finds the config as configs does and stores its plan as one write of several stages, as a restore of it is stored.
  migration: { configs: ['./configs.service.ts', './configs.write-many.ts', './configs.types.ts'] },
  // Presence and comments check the stage a request names in the config's own catalogue (a born stage is one too).
  presence: { catalogue: ['./catalogue.versions.ts'] },
  reviews: { catalogue: ['./catalogue.versions.ts'] },
  // Search finds only the products a dealer may open: their catalogue, as products decides it (issue 58).
  search: { products: ['./products.catalogue.ts'] },
  // A product may name a stage born in the editor (published): the catalogue says which there are.
  products: { catalogue: ['./catalogue.versions.ts'] },
  // A showcase's images are media items, checked and read as the media library has them.
  posts: { media: ['./media.service.ts', './media.schemas.ts'] },
  // A task type's icon is checked by content as media files are; <img> requests bring the refresh cookie, read as media reads it.
  tasks: { media: ['./media.content.ts', './media.access.ts'] },
  // User admin sets passwords, mails set-password links, ends sessions and rations current-password tries;
  // a user's profile shows their company as companies does; an avatar is picked from the media library as the viewer sees it.
  users: { auth: ['./auth.passwords.ts', './auth.password-tokens.ts', './auth.rate-limit.ts', './auth.sessions.ts', './auth.tokens.ts'], companies: ['./companies.service.ts'], media: ['./media.service.ts'] },
};
const areaZones = SERVER_AREAS.flatMap((area) =>
  SERVER_AREAS.filter((other) => other !== area).map((other) => ({
    target: `./server/${area}`,
    from: `./server/${other}`,
    except: [...(AREA_ALLOWS['*'][other] ?? []), ...(AREA_ALLOWS[area]?.[other] ?? [])],
    message: `server/${area} may use server/${other} only through the files AREA_ALLOWS in eslint.config.js names; move shared code to server/http, server/db or server/plugins.`,
  })),
);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'dist.next-*/**', 'dist.previous-*/**', 'storybook-static-*/**', 'storybook-static/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // Our imports are relative and extensionless; the node resolver with TS extensions finds them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Zones are about our code: never parse packages (it is slow, and some overflow the parser).
      // Import cycles are checked by tests/server/import-graph.test.ts (type imports included), in
      // under a second instead of the 80 s import/no-cycle took.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // schemas/ and locales/ are data: they import nothing of ours.
            { target: './schemas', from: ['./engine', './server', './src', './stories', './tests', './locales', './contract'], message: 'schemas/ is data only.' },
            // contract/ is the facts server and app share (permission names, enumerations): it imports nothing of ours.
            { target: './contract', from: ['./schemas', './locales', './engine', './server', './src', './stories', './tests', './bench'], message: 'contract/ imports nothing of ours: engine, server and src import it.' },
            // engine/ runs unchanged in the browser and the server.
            { target: './engine', from: ['./server', './src', './stories', './tests'], message: 'engine/ may import only schemas/, locales/ and contract/.' },
            { target: './server', from: ['./src', './stories'], message: 'server/ never imports the browser app.' },
            { target: './src', from: ['./server'], message: 'src/ talks to the server over HTTP only.' },
            ...appAreaZones,
            ...appSharedZones,
            ...areaZones,
            // Shared plumbing serves the areas and never depends on one, except the auth plugin on the
            // sessions and tokens it checks. (db/'s seeds do use areas' code: demo data is made as the app makes it.)
            ...SERVER_AREAS.map((area) => ({
              target: ['./server/http', './server/plugins', './server/messages.ts', './server/options.ts', './server/domain-errors.ts'],
              from: `./server/${area}`,
              except: area === 'auth' ? ['./auth.sessions.ts', './auth.tokens.ts'] : [],
              message: 'Shared plumbing (server/http, server/plugins, messages, options, domain-errors) imports no area.',
            })),
            // An area never reaches up into the app's assembly (app.ts, main.ts and the process files).
            ...SERVER_AREAS.map((area) => ({
              target: `./server/${area}`,
              from: ['./server/app.ts', './server/main.ts', './server/start.ts', './server/vite-build.ts', './server/build-stamp.ts'],
              message: 'A server area imports plumbing, the engine and allowed areas only (eslint.config.js AREA_ALLOWS).',
            })),
          ],
        },
      ],
    },
  },
  {
    // The framework-free engine must not grow a React dependency outside its renderer folder.
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/react/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@mui/*', '@rjsf/core', '@rjsf/mui', 'react-admin'], message: 'Only engine/react/ may use React.' }] }],
    },
  },
);
