/// <reference types="vitest/config" />
import { globSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './scripts/chunkGroups.ts';
import { compileHints } from './scripts/compileHints.ts';
import { compiledWords } from './scripts/compileWords.ts';
import { plainLazyImports, reactRouterTreeShaking } from './scripts/leanBundle.ts';
import { offlineApp } from './scripts/offlineApp.ts';
import { routePages } from './scripts/routePages.ts';

const apiPort = process.env.PORT ?? '3000';
// The footer's year in the prerendered pages (the browser shows its own once hydrated).
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

/**
 * Smaller builds of two dependencies, for `vite build` only: react-router's package names its
 * development build for every import (the production build drops its warnings), and
 * @xstate/react imports the useSyncExternalStore shim for React 17, which React 19 has built in.
 */
const productionAliases = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
  { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
];

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    ...(command === 'build' ? [compiledWords(), compileHints()] : []),
    reactRouterTreeShaking(),
    plainLazyImports(),
    routePages(),
    offlineApp(mode),
  ],
  resolve: { alias: command === 'build' ? productionAliases : [] },
  server: {
    // `npm run dev` serves the SPA with hot reload and forwards the API to a running `npm start`.
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
      // The operator console's API (/console.html in development), on its own listener.
      '/ops': `http://127.0.0.1:${process.env.OPS_PORT ?? '3001'}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The manifest tells scripts/bundle-size.mjs which chunks each route loads.
    manifest: true,
    // One stylesheet for every page (about 9 KB brotli): a route's styles then never wait for
    // its code, and a first visit makes one request for them where it made four.
    cssCodeSplit: false,
    // No preloading around each lazy import: a first visit's page names every file it needs
    // (scripts/routePages.ts), and a later screen's chunk imports little the app has not loaded.
    // The preloads cost the first page about 20 ms of main thread, at every import; what is left
    // of Vite's helper is the import itself (scripts/leanBundle.ts).
    modulePreload: false,
    // A few chunks by who needs them, not one per shared module (scripts/chunkGroups.ts). The
    // operator console is a second page of the same build, with chunks of its own (served only on
    // OPS_PORT). The boot module is the one script a built page of the app names (scripts/routePages.ts).
    rolldownOptions: {
      input: { index: 'index.html', console: 'console.html', boot: 'src/ui/boot.ts' },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['tests/support/dialogPolyfill.ts', 'tests/support/domTests.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Most API files wait on PostgreSQL, a started server or a socket more than on the CPU: three
    // files at a time on two cores took the suite from 7.8 to 5.0 minutes, with every test passing.
    maxWorkers: 3,
    // Test files that share no state but what each opens of its own (the API files' databases, the component
    // tests' rendered trees, cleaned up after each) run in workers that keep their modules from one file to the
    // next: without isolation the API files, which import the whole server, cost about a third less CPU, the
    // machine, domain and component tests about two thirds less. A file that mocks a module needs a module graph
    // of its own, as do those of NEEDS_OWN_PROCESS and the tooling tests at the top of tests/.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: sharingFiles(), exclude: BURSTS, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', ...sharingFiles(), ...BURSTS],
          sequence: { groupOrder: 0 },
        },
      },
      // After every other file, one at a time: see BURSTS.
      {
        extends: true,
        test: { name: 'bursts', include: BURSTS, isolate: false, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
}));

/**
 * Files that hold 40 or more PostgreSQL connections at once (a burst of purchases or webhooks on a
 * pool of 40; three server processes with pools of 20). Two of them side by side, with a third
 * file's pool, pass PostgreSQL's default max_connections (100): the server refuses "too many
 * clients" and the burst is answered 503. They run after the other files, one at a time.
 */
const BURSTS = [
  'tests/api/purchases/purchaseConcurrency.test.ts',
  'tests/api/funding/webhookConcurrency.test.ts',
  'tests/api/platform/scaleOut.test.ts',
];

/**
 * Files that start from the server's per-process state, which an earlier file would have moved:
 * enumeration.test.ts counts the statements of /forgot, among them the hourly prune of old reset
 * requests, timed from the process's last one.
 */
const NEEDS_OWN_PROCESS = ['enumeration.test.ts'];

/** The API, machine, domain and component test files that mock no module and need no process of their own. */
function sharingFiles(): string[] {
  const folders = ['api', 'machines', 'domain', 'ui'].map((folder) => `tests/${folder}/**/*.test.{ts,tsx}`);
  const mocks = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(import.meta.dirname, file), 'utf8'));
  const files = globSync(folders, { cwd: import.meta.dirname });
  return files.filter((file) => !NEEDS_OWN_PROCESS.includes(basename(file)) && !mocks(file));
}
