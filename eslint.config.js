import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers (docs/architecture.md, "Import arrows"): `ui → machines → api → core`, `ui → domain`,
// `machines → domain`, `domain → core`, `server → core`. The TypeScript projects hold the runtimes
// (tsconfig.app.json has no Node types, tsconfig.server.json no DOM); these rules hold the arrows
// between folders. Each folder gets one `no-restricted-imports` entry, because a later flat-config
// entry replaces a rule's options.
const layer = (folder) => [`**/${folder}`, `**/${folder}/**`];
const react = ['react', 'react/**', 'react-dom', 'react-dom/**', 'react-router-dom', 'react-toastify', '@xstate/react'];
// A folder of the app: none of these folders, and no Node module, by `node:` prefix or by exact
// name (as a pattern, 'domain' or 'http' would also match a folder of that name).
const inBrowser = 'The app runs in the browser: no Node modules.';
// The contract's schemas are zod: the app takes its types (erased at build), never its values,
// which would ship zod to the browser.
const contractTypesOnly = {
  group: ['**/core/contract'],
  allowTypeImports: true,
  message:
    'The app imports the contract for its types only (`import type`): its values are zod schemas, for the server.',
};
// What the tests share with the scripts is the test kit (testkit/); what ships never imports either.
const testing = {
  group: [...layer('tests'), ...layer('testkit')],
  message: 'Only tests and scripts import the test kit (testkit/), and only tests import tests/.',
};
// The customer app's rooms, by feature: the console imports none of them.
const CUSTOMER_ROOMS = ['account', 'app', 'wallet', 'purchases', 'schedules', 'records', 'notifications', 'site'];
const customerRooms = CUSTOMER_ROOMS.flatMap((room) => [
  `**/machines/${room}/**`,
  `**/ui/${room}/**`,
  `**/api/${room}/**`,
  `**/domain/${room}/**`,
  `../${room}/**`,
]);
const appImports = (message, ...groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: builtinModules.map((name) => ({ name, message: inBrowser })),
      patterns: [
        { group: ['node:*'], message: inBrowser },
        ...(groups.length ? [{ group: groups.flat(), message }] : []),
        contractTypesOnly,
        testing,
      ],
    },
  ],
});

// `no-undef` is off for TypeScript (the compiler checks names), so the other runtime's globals are
// named here: those that exist only in Node, and those that exist only in the browser.
const onlyIn = (these, others) => Object.keys(these).filter((name) => !(name in others));
const nodeOnly = onlyIn(globals.node, globals.browser);
// Node 22 declares web storage, but it exists only behind --experimental-webstorage.
const browserOnly = [...onlyIn(globals.browser, globals.node), 'localStorage', 'sessionStorage'];
const restrictGlobals = (names, message) => names.map((name) => ({ name, message }));

// Money moves only through server/services/ledger/ledger.ts: nothing else writes the ledger's tables,
// moves a cached balance or names a system account (it asks the ledger for a movement by what
// it is). And every statement names its columns: statements are prepared once per connection,
// and a `*` would change a prepared statement's result when a migration adds a column under
// replicas still running the previous release.
const LEDGER_ONLY =
  'Only server/services/ledger/ledger.ts moves money: call planHold, postHold, voidHold, credit, debit or moveBetweenSystemAccounts.';
const ledgerWrites = [
  {
    selector: 'TemplateElement[value.raw=/INSERT\\s+INTO\\s+ledger_|UPDATE\\s+wallets\\s+SET\\s+balance_kobo/i]',
    message: LEDGER_ONLY,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/][arguments.0.value=/^ledger_/]',
    message: LEDGER_ONLY,
  },
  { selector: "CallExpression[callee.property.name='set'] Property[key.name='balance_kobo']", message: LEDGER_ONLY },
  { selector: 'Literal[value=/^(clearing|rewards|adjustments|settlement|suspense|biller):/]', message: LEDGER_ONLY },
  {
    selector: 'TemplateElement[value.raw=/^(clearing|rewards|adjustments|settlement|suspense):/]',
    message: LEDGER_ONLY,
  },
];
const NAMED_COLUMNS =
  'Name the columns: statements are prepared, and `*` breaks them when a migration adds a column (server/db/preparedStatements.ts).';
const starSelects = [
  { selector: 'CallExpression[callee.property.name=/^(selectAll|returningAll)$/]', message: NAMED_COLUMNS },
  { selector: 'TemplateElement[value.raw=/(SELECT|RETURNING)\\s+\\*|\\b[a-z_]+\\.\\*/i]', message: NAMED_COLUMNS },
];

// Tests wait for the event (expect.poll, eventually, a promise the fake settles) or move an
// injected clock; a sleep makes a suite slow and still flaky. A timer with no delay is one turn
// of the event loop, not time.
const WAIT_FOR_THE_EVENT =
  'Tests never wait for the clock: move an injected clock, or wait for the event (expect.poll, eventually, a promise that settles).';
const sleeps = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: `${WAIT_FOR_THE_EVENT} In the browser: expect the state the delay stood for, or move page.clock.`,
  },
  {
    selector:
      "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']:not([arguments.1.value=0])",
    message: WAIT_FOR_THE_EVENT,
  },
  { selector: "CallExpression[callee.name='sleep']", message: WAIT_FOR_THE_EVENT },
];

export default tseslint.config(
  // The compiled message catalogues are written by `npm run i18n` (Lingui's compiler), never by hand.
  {
    ignores: [
      'dist',
      'dist-inspect',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'core/i18n/catalogues/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The core is shared by both halves: it imports nothing but itself, zod and Lingui's core, and
    // uses neither runtime's globals. zod, because the contract's answers are schemas
    // (core/contract.ts): the server describes its answers with them and the app infers its types
    // from them; the app imports the contract for types only (below), so zod never reaches the
    // browser. Lingui's core, because both halves say the same messages (core/i18n/words.ts).
    files: ['core/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|zod$|@lingui/core$)',
              message: "The core imports nothing outside core/ but zod and Lingui's core.",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...restrictGlobals(nodeOnly, 'The core runs in the browser too.'),
        ...restrictGlobals(browserOnly, 'The core runs on the server too.'),
      ],
    },
  },
  {
    // A room of the core (core/words, core/i18n) reaches its siblings one level up, still inside core/.
    files: ['core/*/*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|\\.\\./(?!\\.\\.)|zod$|@lingui/core$)',
              message: "The core imports nothing outside core/ but zod and Lingui's core.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-globals': ['error', ...restrictGlobals(nodeOnly, 'The app runs in the browser.')],
      ...appImports(),
    },
  },
  // Inside each layer, a room a feature (docs/architecture.md, "Rooms"). The customer app's rooms
  // never reach into the operator console (its own entry and chunks), and the console never
  // borrows from the customer app's rooms: what both use lives in the kit rooms (src/*/kit).
  {
    files: ['src/ui/**'],
    ignores: ['src/ui/console/**'],
    rules: appImports(
      'Views import machines, domain and core, never src/api or the console.',
      layer('api'),
      layer('server'),
      layer('console'),
    ),
  },
  {
    files: ['src/machines/**'],
    ignores: ['src/machines/console/**'],
    rules: appImports(
      'Machines import api, domain and core, never React, the views or the console.',
      layer('ui'),
      react,
      layer('server'),
      layer('console'),
    ),
  },
  {
    files: ['src/api/**'],
    ignores: ['src/api/console/**'],
    rules: appImports(
      'src/api imports only the core.',
      layer('machines'),
      layer('ui'),
      layer('domain'),
      react,
      layer('server'),
      layer('console'),
    ),
  },
  {
    files: ['src/domain/**'],
    rules: appImports(
      'The domain imports only the core.',
      layer('api'),
      layer('machines'),
      layer('ui'),
      react,
      layer('server'),
      layer('console'),
    ),
  },
  {
    files: ['src/ui/console/**'],
    rules: appImports(
      "The console's views import its machines, the kit rooms, domain and core, never an api or the customer app's rooms.",
      layer('api'),
      layer('server'),
      customerRooms,
    ),
  },
  {
    files: ['src/machines/console/**'],
    rules: appImports(
      "The console's machines import its api, the kit rooms, domain and core, never React, views or the customer app's rooms.",
      layer('ui'),
      react,
      layer('server'),
      customerRooms,
    ),
  },
  {
    files: ['src/api/console/**'],
    rules: appImports(
      "The console's api imports the api's kit and the core only.",
      layer('machines'),
      layer('ui'),
      layer('domain'),
      react,
      layer('server'),
      customerRooms,
    ),
  },
  {
    files: ['server/**', 'scripts/**', '.ci/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: layer('src'), message: 'The server imports only the core, never src/.' }, testing] },
      ],
      'no-restricted-globals': ['error', ...restrictGlobals(browserOnly, 'The server runs in Node.')],
    },
  },
  {
    // The customer API knows nothing of the operator console; only the composition root (server.ts, and
    // shared.ts, the services both listeners share) wires the console in, and the command line
    // (server/cli/) serves both.
    files: ['server/**'],
    ignores: ['server/console/**', 'server/server.ts', 'server/shared.ts', 'server/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('src'), message: 'The server imports only the core, never src/.' },
            {
              group: layer('console'),
              message: 'The customer side of the server never imports the operator console (server/console).',
            },
            testing,
          ],
        },
      ],
    },
  },
  // The benchmark runs the server against the fake VTpass on a free port, as the tests do: the test
  // kit's fakes are its providers.
  {
    files: ['server/cli/bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: layer('src'), message: 'The server imports only the core, never src/.' }] },
      ],
    },
  },
  // The scripts share the fakes, the models and the spec generator with the tests through the test
  // kit; the test kit, shared, leans on nothing in tests/.
  {
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: layer('tests'),
              message: 'Scripts import what they share with the tests from testkit/, never tests/.',
            },
            {
              regex: '(^|/)server/(?!cli/)',
              message:
                "Scripts reach the server through its command line's entry points (server/cli/), never its internals.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['testkit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: layer('tests'),
              message: 'The test kit is what tests and scripts share: it imports nothing from tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**'],
    ignores: ['server/services/ledger/ledger.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerWrites, ...starSelects] },
  },
  { files: ['server/services/ledger/ledger.ts'], rules: { 'no-restricted-syntax': ['error', ...starSelects] } },
  // Tests and the test kit import what they test; they get the globals of the runtime their project types them for.
  {
    files: [
      'tests/api/**',
      'tests/support/api/**',
      'testkit/fakes/**',
      'testkit/freePort.ts',
      'testkit/runtimeRole.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/domain/**', 'tests/machines/**', 'tests/support/**', 'tests/ui/**', 'testkit/**'],
    ignores: [
      'tests/support/api/**',
      'tests/support/e2e/**',
      'testkit/fakes/**',
      'testkit/freePort.ts',
      'testkit/runtimeRole.ts',
      'testkit/browserSpecs.ts',
    ],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['tests/e2e/**', 'tests/support/e2e/**', 'testkit/browserSpecs.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // The fakes included: a provider that does not answer in time holds its answer until the test
  // releases it (testkit/fakes/answerHold.ts), and the test moves the adapter's clock past its timeout.
  { files: ['tests/**', 'testkit/**'], rules: { 'no-restricted-syntax': ['error', ...sleeps] } },
  // The one polling helper: it pauses between two reads of the condition it waits for.
  { files: ['tests/support/api/eventually.ts'], rules: { 'no-restricted-syntax': 'off' } },
);
