/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * API files that run on PGlite only: what they check happens above the database, so a PostgreSQL
 * server cannot change the outcome (issue 51: run on both only what can differ). Everything else,
 * every route's happy path, SQL, transactions, locks, collation, triggers, the store layer,
 * migrations, instances and faults, runs on both. tests/README.md says why for each group.
 */
const API_PGLITE_ONLY = [
  // Permission and tenancy matrices: the same rows, asked by roles made for the test.
  'tests/server/adminconfigs/adminconfigs-access.test.ts',
  'tests/server/configs/configs-tenancy.test.ts',
  'tests/server/media/media-access.test.ts',
  'tests/server/roles/roles.test.ts',
  'tests/server/tasks/tasks-access.test.ts',
  'tests/server/users/users-privilege.test.ts',
  'tests/server/users/users-whole-tenancy.test.ts',
  // Requests refused before any statement: body limits, types, walks, ids, route schemas.
  'tests/server/bad-input.test.ts',
  'tests/server/body-types.test.ts',
  'tests/server/hostile-body.test.ts',
  'tests/server/http/body-walk.test.ts',
  'tests/server/http/ids.test.ts',
  'tests/server/auth/register-consent.test.ts',
  // The engine's rules on stage data, run the same whatever stores the result.
  'tests/server/configs/configs-prefill.test.ts',
  'tests/server/configs/configs-region-defaults.test.ts',
  'tests/server/configs/configs-list-ids.test.ts',
  'tests/server/configs/configs-stage-references.test.ts',
  'tests/server/configs/config-stage-sets.test.ts',
  'tests/server/configs/config-secrets.test.ts',
  'tests/server/configs/configs-cache.test.ts',
  'tests/server/catalogue/catalogue-hostile.test.ts',
  // Mail, PDFs, signers, analytics and delivery: texts, files and other services.
  'tests/server/agreements/agreements-mail.test.ts',
  'tests/server/agreements/agreements-pdf.test.ts',
  'tests/server/agreements/signers.test.ts',
  'tests/server/agreements/signatures/signatures-pdf.test.ts',
  'tests/server/agreements/signatures/signatures-hostile.test.ts',
  'tests/server/analytics/analytics.test.ts',
  'tests/server/auth/secrets.test.ts',
  'tests/server/mail/mail-language.test.ts',
  'tests/server/faults/smtp-outage.test.ts',
  'tests/server/compression.test.ts',
  'tests/server/web-app.test.ts',
  // Code, not data: the import graph; PGlite's own statement queue; the harness's PGlite pool.
  'tests/server/import-graph.test.ts',
  'tests/server/take-turns.test.ts',
  'tests/server/db/pglite-pool.test.ts',
];

// The process tests are per database kind: a PGlite data folder, or a server on DATABASE_URL.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    exclude: db === 'pglite' ? ['tests/server/process-database-url.test.ts'] : ['tests/server/process.test.ts', ...API_PGLITE_ONLY],
    environment: 'node',
    env: { TEST_DB: db },
    // One seeded database per run, copied for each test server (tests/support/seeded-database.ts).
    globalSetup: ['tests/support/seeded-database.ts'],
    setupFiles: ['tests/support/test-meta.ts'],
    // Files share a worker's loaded modules (the server, the engine, their libraries: seconds per
    // file to import again). Each file starts its own server on its own database, and nothing here
    // mocks a module, so a file cannot see another's state.
    isolate: false,
    testTimeout: 30_000,
    // Room for a real process's cold start in a hook (tests/support/process.ts waits up to 90 s).
    hookTimeout: 120_000,
  },
});

/**
 * The unit files, split by the environment their first line asks for (`// @vitest-environment
 * jsdom`: the React renderer's and the app's components). A worker keeps the modules it imported
 * for its next file (isolate: false), but not across a change of environment: mixed in one project,
 * files of the two kinds took turns in each worker and imported React, MUI and the engine again and
 * again (import 162 s of the project's 253 s; split, 77 s, and the run 89 s -> 44 s, issue 51).
 */
const UNIT_FILES = ['tests/engine', 'tests/src', 'tests/schemas', 'tests/locales']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();
const wantsDom = (file: string) => /^\/\/ @vitest-environment jsdom/.test(readFileSync(file, 'utf8'));

const unitProject = (name: string, environment: 'node' | 'jsdom') => ({
  extends: true as const,
  test: {
    name,
    // A worker imports the engine, React and MUI once, not once per file. Passed in three file
    // orders (--sequence.shuffle.files); a file that mocks a module (board-moves) mocks it for
    // itself only, as vi.mock does without isolation too.
    isolate: false,
    include: UNIT_FILES.filter((file) => wantsDom(file) === (environment === 'jsdom')),
    environment,
    setupFiles: ['tests/support/test-meta.ts', 'tests/support/stage-validators.ts', ...(environment === 'jsdom' ? ['tests/support/dom-timing.ts'] : [])],
    // vitest's 5 s is too close for a form rendered in jsdom while browser tests load both cores.
    testTimeout: 20_000,
  },
});

/** Browser test files that also run on a PostgreSQL server (issue 23: a write lands in the record shown). */
const E2E_ON_POSTGRES = ['tests/e2e/record-switch.test.ts'];

// The browser suite against the built app and a real server on one kind of database.
const e2eProject = (name: string, db: 'pglite' | 'postgres', include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: ['tests/support/seeded-database.ts'],
    // A failed browser test reports what its pages showed (address, heading, screenshot).
    setupFiles: ['tests/support/test-meta.ts', 'tests/e2e/failure-report.ts'],
    isolate: false,
    // No retries: a test that passes only on its second try is a defect to fix (issue 6).
    retry: 0,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

/**
 * react-router publishes its development build (dev warnings on: checks in every useHref and
 * navigation) under its default export conditions; the production build is the same code with them
 * off, in a folder of its own that no condition selects. The built app takes that one; tests and
 * the dev server keep the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/** The libraries of the signed-in shell (see codeSplitting.groups below). */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|icons-material|private-theming|styled-engine|core-downloads-tracker)|@emotion|@popperjs|ra-core|ra-ui-materialui|ra-i18n-i18next|react-admin|react-hook-form|@hookform|@tanstack|lodash|inflection|jsonexport|react-router|react-router-dom|react-transition-group|react-is|clsx|query-string|decode-uri-component|filter-obj|split-on-first|react-error-boundary|react-dropzone|attr-accept|file-selector|papaparse|dompurify|hotscript|eventemitter3)[\\/]/;

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, served as they are by the server (preCompressed):
    // the best compression once at build time instead of a fast one on every request. index.html is
    // left out: the server rewrites its CSP nonce per response and compresses it then.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/index\.html$/], threshold: 1024, logLevel: 'silent' }),
  ],
  // The server replaces this placeholder with a fresh nonce per response (strict CSP).
  html: { cspNonce: '__CSP_NONCE__' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // locales/*/*.json are all imported dynamically (src/i18n/i18n.ts), and the English errors
      // and validation texts statically as well (the engine's fallback): their dynamic import then
      // splits nothing off, as intended.
      checks: { ineffectiveDynamicImport: false },
      // ajv and its helpers only define exports, but as CommonJS they count as having side effects,
      // so every import of the engine kept ajv's whole compiler (95 KB) in the bundle although the
      // browser never compiles (precompiled validators, engine/README.md): drop what is not used.
      // Every other module keeps the default (undefined): package.json "sideEffects", and JSON
      // files free of side effects (a `true` there kept every locale file any module globbed).
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/](ajv|ajv-formats|fast-uri|json-schema-traverse)[\\/]/.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          // Everything the first page imports statically is loaded with it anyway: one chunk
          // instead of ~30 small shared ones (each an HTTP/1.1 response with its own headers and
          // its own compression window; issue 10). Screens opened later still load their own.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The libraries of the signed-in shell and its lists and forms, which nearly every
            // signed-in screen uses: one chunk, so a screen's first visit asks for a few files
            // instead of 30-60 small shared ones (on HTTP/1.1's six connections, each a turn; and
            // the loader inserts a modulepreload link per file, ~3 ms each on the main thread).
            // The widgets only some screens show (charts, date pickers, the stage form's rjsf,
            // drag and drop, markdown) keep chunks of their own.
            { name: 'shell-libs', test: SHELL_LIBRARIES },
          ],
        },
      },
    },
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Three files at a time on CI's two cores (vitest's default, one less than the cores, leaves one
    // idle): a test spends part of its time waiting on a server, a database or a browser. With two
    // the cores were idle 13% of the run, with three 4%, and the run took 755 s instead of 841 s
    // (issue 51). Browser files share the same slots, each with its own server on an ephemeral
    // port and the worker's Chromium. TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    projects: [
      unitProject('unit', 'node'),
      unitProject('unit-dom', 'jsdom'),
      apiProject('api', 'pglite'),
      // The same API suite again on a PostgreSQL server, when CI points one at it.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'stories',
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/test-meta.ts', 'tests/support/stage-validators.ts', 'tests/support/dom-timing.ts'],
          testTimeout: 60_000,
        },
      },
      e2eProject('e2e', 'pglite', ['tests/e2e/**/*.test.ts']),
      // The browser tests whose issue asks for both databases' servers, again on PostgreSQL when CI
      // points one at it (the whole browser suite twice would double the longest part of the run).
      ...(process.env.TEST_DATABASE_URL ? [e2eProject('e2e-postgres', 'postgres', E2E_ON_POSTGRES)] : []),
    ],
  },
}));
