import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { bettingTitle } from './core/labels';
import { FAKE_MONNIFY_KEYS } from './testkit/fakes/monnifyServer';
import { FAKE_PAYSTACK_SECRET_KEY } from './testkit/fakes/paystackServer';
import { FAKE_VTPASS_KEYS } from './testkit/fakes/vtpassServer';
import type { StackServer } from './tests/support/e2e/stack';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  // The browser journeys are part of `npm test`, which finds or installs a Chromium before them
  // (scripts/testMachine.mjs); run alone, they say how to get one rather than pass without it.
  throw new Error(
    `Chromium not found at ${chromium}. \`npm test -- e2e\` installs one (Debian's package, or Playwright's ` +
      "download where the network allows); or install Debian's with `apt-get install -y chromium`, or point " +
      'CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3456);
// A fresh embedded database per run, under Playwright's output folder (cleared at each run).
// Set once in the environment, so worker processes that load this file again agree on it.
process.env.E2E_DATA_DIR ??= join('test-results', `db-${Date.now()}`);
const baseURL = `http://127.0.0.1:${port}`;
// The inspector's own build (`npm run preview:inspect`), served beside the real server and forwarding /api to it.
const inspectPort = Number(process.env.E2E_INSPECT_PORT ?? port + 2);
process.env.E2E_INSPECT_URL = `http://127.0.0.1:${inspectPort}`;

// The "real-adapters" project: the same journeys against a second server configured for the real
// adapters (BILLER=vtpass, BANK_PARTNERS=monnify), pointed at the fake VTpass
// (testkit/fakes/vtpassServer.ts)…
const realPort = Number(process.env.E2E_REAL_PORT ?? port + 1);
const realBaseURL = `http://127.0.0.1:${realPort}`;
const fakeVtpassPort = Number(process.env.E2E_FAKE_VTPASS_PORT ?? port + 3);
const fakeVtpassUrl = `http://127.0.0.1:${fakeVtpassPort}/api`;
// …and for funding (BANK_PARTNERS=monnify,paystack) the fake Monnify and the fake Paystack, which
// take the journeys' /dev/bank/transfer payments, Paystack's card checkout and its customer
// validation, and send their signed webhooks to that server (testkit/fakes/serve.ts). A
// journey's user verifies a NIN: Monnify opens Wema Bank and Sterling Bank, the two NUBANs the
// journeys expect, and Paystack (which validates a BVN with a bank account) none.
const fakeMonnifyPort = Number(process.env.E2E_FAKE_MONNIFY_PORT ?? port + 4);
const fakePaystackPort = Number(process.env.E2E_FAKE_PAYSTACK_PORT ?? port + 5);
// The operator console of the simulated server (OPS_PORT), and the invitations of its two first
// admins (a finance account needs a second admin's approval), which `npm run staff` writes before
// that server starts (tests/e2e/console.spec.ts opens them).
const opsPort = Number(process.env.E2E_OPS_PORT ?? port + 6);
process.env.E2E_OPS_URL = `http://127.0.0.1:${opsPort}`;
process.env.E2E_ADMIN_INVITATION ??= `${process.env.E2E_DATA_DIR}.admin-invitation`;
process.env.E2E_SECOND_ADMIN_INVITATION ??= `${process.env.E2E_DATA_DIR}.second-admin-invitation`;
const firstAdmin = (email: string, name: string, file: string) =>
  `tsx server/cli/staff.ts create --email ${email} --name "${name}" --role admin --invitation-file ${file}`;
// Two more for the passkey journey (tests/e2e/passkeys.spec.ts): a maker, and a checker who signs in
// and approves with a passkey; console.spec.ts's admins are its own, serial journey's.
process.env.E2E_PASSKEY_MAKER_INVITATION ??= `${process.env.E2E_DATA_DIR}.passkey-maker-invitation`;
process.env.E2E_PASSKEY_CHECKER_INVITATION ??= `${process.env.E2E_DATA_DIR}.passkey-checker-invitation`;
const firstAdmins = [
  firstAdmin('admin@ops.test', 'Ada Admin', process.env.E2E_ADMIN_INVITATION),
  firstAdmin('admin2@ops.test', 'Bola Admin', process.env.E2E_SECOND_ADMIN_INVITATION),
  firstAdmin('maker@ops.test', 'Chidi Maker', process.env.E2E_PASSKEY_MAKER_INVITATION),
  firstAdmin('checker@ops.test', 'Dayo Checker', process.env.E2E_PASSKEY_CHECKER_INVITATION),
];

// The "contract" project: a few journeys through Stoplight Prism, a validating proxy in front of
// the simulated server's API (tests/support/e2e/contractProxy.ts), which fails a call or an answer the
// server's own description (/docs/json) does not allow.
const contractPort = Number(process.env.E2E_CONTRACT_PORT ?? port + 7);
const contractURL = `http://127.0.0.1:${contractPort}`;

// The journeys the contract project runs through the proxy: the account flow, funding and the
// wallet's pages, and a purchase priced by amount, by plan, and with the merchant verified first.
const contractJourneys = [
  /register → code from the mailbox/,
  /forgot → reset link/,
  /a session the server revoked/,
  /funding, identity first/,
  /activities: ten a page/,
  /account pages: profile/,
  /the dashboard's polls/,
  /(Airtime|Internet|Electricity): a purchase goes through/,
];

// Journeys of the real partners alone, left out of the simulated project: the fake Monnify's and
// Paystack's identity checks (fundingPartners.spec.ts), and a card payment whose webhook the fake
// Paystack holds back (the development checkout sends its own at once).
const returnFirst = /return first: the customer is back before the webhook/;

// Journeys in the real-adapters project's files whose every step is decided before a provider is
// called (what a numeric field accepts, how many rows a page shows, a lost connection, the account
// pages, the schedules page's own states): the simulated project proves them, and a second run
// on the real-adapters server would prove nothing more.
const providerFree = [
  /letters typed, pasted or autofilled never appear in a numeric field/,
  /the dashboard shows the session's pagination/,
  /the server stops mid-journey/,
  /account pages: profile, password and pin changes/,
  /the schedules page: empty, then a schedule from a service screen/,
  /the dashboard's polls/,
];

// The journeys that move a server's development clock (POST /dev/clock): the schedules, and the
// login paths that move it past the wait after repeated failures. The clock moves for every
// journey on that server, and only forward: a journey beside them could see a session, an
// e-mailed code's wait, a staff code's 30-second step or the Lagos day change under it. So they
// run in projects of their own, one at a time, once every other journey on their server is done.
const clockJourneys = ['schedules.spec.ts', 'generated/login.spec.ts'];
// One journey of passkeys.spec.ts moves the clock too (a schedule's new price accepted with the
// passkey: its run must come); the simulated project leaves it to a project of its own, after
// the clock's journeys of its server.
const passkeyClockJourneys = [/a schedule's new price accepted with the passkey/];

/** What both servers share: development mode (the journeys read the mailbox and simulate bank transfers), on loopback. */
const serverEnv = (serverPort: number, dataDir: string) => ({
  APP_MODE: 'development',
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
  DATA_DIR: dataDir,
  // Every journey comes from 127.0.0.1; per-client limits are tested in the API suite.
  RATE_LIMIT_MULTIPLIER: '100',
});

/**
 * The journeys' servers, each started once those it names in `after` answer. A ceiling is how long
 * one may take to answer, not a wait: the start goes on as soon as it answers.
 */
const stack: StackServer[] = [
  {
    // The real server on a fresh embedded database, serving the SPA built by `npm run test:e2e`,
    // and the operator console on its own port, whose first admins are created from the command line first.
    name: 'simulated',
    command: `${firstAdmins.join(' && ')} && tsx server/main.ts`,
    url: `${baseURL}/api/health`,
    // Four runs of the staff command (the first migrates the fresh database) before the server.
    timeoutMs: 180_000,
    env: {
      ...serverEnv(port, process.env.E2E_DATA_DIR),
      OPS_PORT: String(opsPort),
      OPS_PUBLIC_URL: process.env.E2E_OPS_URL,
    },
  },
  {
    // The proxy reads the simulated server's /docs/json before Prism starts.
    name: 'contract',
    command: 'tsx tests/support/e2e/contractProxy.ts',
    url: `${contractURL}/api/health/live`,
    timeoutMs: 120_000,
    after: ['simulated'],
    env: { UPSTREAM: baseURL, PORT: String(contractPort), SPEC_FILE: `${process.env.E2E_DATA_DIR}.openapi.json` },
  },
  {
    // The inspector's build forwards /api to the simulated server, when a journey asks.
    name: 'inspector',
    command: `npm run build:inspect && vite preview --mode inspect --outDir dist-inspect --host 127.0.0.1 --port ${inspectPort} --strictPort`,
    url: process.env.E2E_INSPECT_URL,
    timeoutMs: 180_000,
    env: { PORT: String(port) },
  },
  {
    // Unauthenticated, the fake answers 401: it is up.
    name: 'fake-vtpass',
    command: 'tsx testkit/fakes/vtpassServer.ts',
    url: `${fakeVtpassUrl}/service-variations`,
    timeoutMs: 60_000,
    env: { PORT: String(fakeVtpassPort) },
  },
  {
    name: 'fake-partners',
    command: 'tsx testkit/fakes/serve.ts',
    url: `http://127.0.0.1:${fakeMonnifyPort}/__fake/health`,
    timeoutMs: 60_000,
    env: {
      FAKE_MONNIFY_PORT: String(fakeMonnifyPort),
      FAKE_PAYSTACK_PORT: String(fakePaystackPort),
      APP_URL: realBaseURL,
    },
  },
  {
    // Its start waits for its first catalogue sync from the fake VTpass, and its demo account asks
    // the fake Monnify for accounts.
    name: 'real-adapters',
    command: 'tsx server/main.ts',
    url: `${realBaseURL}/api/health`,
    timeoutMs: 180_000,
    after: ['fake-vtpass', 'fake-partners'],
    env: {
      ...serverEnv(realPort, `${process.env.E2E_DATA_DIR}-real`),
      BILLER: 'vtpass',
      VTPASS_BASE_URL: fakeVtpassUrl,
      VTPASS_API_KEY: FAKE_VTPASS_KEYS.apiKey,
      VTPASS_PUBLIC_KEY: FAKE_VTPASS_KEYS.publicKey,
      VTPASS_SECRET_KEY: FAKE_VTPASS_KEYS.secretKey,
      BANK_PARTNERS: 'monnify,paystack',
      PAYSTACK_BASE_URL: `http://127.0.0.1:${fakePaystackPort}`,
      PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET_KEY,
      MONNIFY_BASE_URL: `http://127.0.0.1:${fakeMonnifyPort}`,
      MONNIFY_API_KEY: FAKE_MONNIFY_KEYS.apiKey,
      MONNIFY_SECRET_KEY: FAKE_MONNIFY_KEYS.secretKey,
      MONNIFY_CONTRACT_CODE: FAKE_MONNIFY_KEYS.contractCode,
    },
  },
];
// The stack's own port, answering once every server above does.
const stackPort = Number(process.env.E2E_STACK_PORT ?? port + 8);

export default defineConfig<{ contractProxy?: string }>({
  testDir: 'tests/e2e',
  // Each journey has users of its own, so two run at once (one per core); what they do share
  // is kept apart below (the clock projects, the contract proxy's one list of violations).
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 360, height: 740 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The simulated server's journeys, but those the contract project runs through the proxy: the same
    // server answers them there, checked against its description besides.
    {
      name: 'simulated',
      use: { baseURL },
      grepInvert: [...contractJourneys, returnFirst, ...passkeyClockJourneys],
      testIgnore: ['fundingPartners.spec.ts', ...clockJourneys],
    },
    {
      name: 'contract',
      use: { baseURL: contractURL, contractProxy: contractURL },
      // The proxy keeps one list of violations, read after each journey: one journey at a time, so
      // that each is charged with its own.
      workers: 1,
      testMatch: ['account.spec.ts', 'wallet.spec.ts', 'purchases.spec.ts'],
      grep: contractJourneys,
    },
    {
      name: 'real-adapters',
      use: { baseURL: realBaseURL },
      // VTpass documents no betting-account funding: the VTpass biller sells none (docs/going-live.md, "Bills through VTpass").
      grepInvert: [new RegExp(`${bettingTitle.message}:`), ...providerFree],
      // The providers' part of the journeys. The machines' generated paths, the inspector's masking,
      // the first paint, the offline app and the operator console do not depend on them; nor do the
      // account, pin, recovery and phone journeys, whose rules all hold before any provider is called
      // (the texts go to the development sender on both servers).
      testIgnore: [
        'generated/**',
        'inspector.spec.ts',
        'apiDocs.spec.ts',
        'hydration.spec.ts',
        'offline.spec.ts',
        'console.spec.ts',
        // Every step of a passkey's ceremonies is decided before a provider is called.
        'passkeys.spec.ts',
        'account.spec.ts',
        'pin.spec.ts',
        'recovery.spec.ts',
        'phone.spec.ts',
        // The account's language decides the words before any provider is called.
        'languages.spec.ts',
        ...clockJourneys,
      ],
    },
    // The clock's journeys of each server, after that server's other projects (a failure there
    // leaves them unrun), one at a time; the two servers' run side by side.
    {
      name: 'simulated-clock',
      use: { baseURL },
      testMatch: clockJourneys,
      workers: 1,
      dependencies: ['simulated', 'contract'],
    },
    {
      name: 'simulated-clock-passkeys',
      use: { baseURL },
      testMatch: 'passkeys.spec.ts',
      grep: passkeyClockJourneys,
      workers: 1,
      dependencies: ['simulated-clock'],
    },
    {
      name: 'real-adapters-clock',
      use: { baseURL: realBaseURL },
      testMatch: 'schedules.spec.ts',
      grepInvert: providerFree,
      workers: 1,
      dependencies: ['real-adapters'],
    },
  ],
  // The servers, started side by side by one process (tests/support/e2e/stack.ts) before any global
  // setup: Playwright would start the entries of a list one after another.
  webServer: {
    command: 'tsx tests/support/e2e/stack.ts',
    url: `http://127.0.0.1:${stackPort}/ready`,
    reuseExistingServer: false,
    // Each server has a ceiling of its own (side by side on a loaded machine, each takes longer
    // than alone); this one is theirs along the longest chain, the simulated server then the proxy.
    timeout: 300_000,
    env: { PORT: String(stackPort), STACK: JSON.stringify(stack) },
  },
});
