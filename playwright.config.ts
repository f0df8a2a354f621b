import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  // The browser journeys are part of `npm test`; never pass without them.
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's build with \`apt-get install -y chromium\` ` +
      '(or point CHROMIUM_PATH at a Chromium/Chrome binary); `npx playwright install` cannot download browsers here.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3456);
// A fresh embedded database per run, under Playwright's output folder (cleared at each run).
// Set once in the environment, so worker processes that load this file again agree on it.
process.env.E2E_DATA_DIR ??= join('test-results', `db-${Date.now()}`);
const baseURL = `http://127.0.0.1:${port}`;
// The inspector's own build (`npm run preview:inspect`), served beside the real server and forwarding /api to it.
const inspectPort = Number(process.env.E2E_INSPECT_PORT ?? port + 1);
process.env.E2E_INSPECT_URL = `http://127.0.0.1:${inspectPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
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
  webServer: [
    {
      // The real server on a fresh embedded database, serving the SPA built by `npm run test:e2e`.
      command: 'tsx server/main.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        // The journeys read the development mailbox and simulate bank transfers.
        APP_MODE: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Every journey comes from 127.0.0.1; per-client limits are tested in the API suite.
        RATE_LIMIT_MULTIPLIER: '100',
      },
    },
    {
      command: `npm run build:inspect && vite preview --mode inspect --outDir dist-inspect --host 127.0.0.1 --port ${inspectPort} --strictPort`,
      url: process.env.E2E_INSPECT_URL,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(port) },
    },
  ],
});
