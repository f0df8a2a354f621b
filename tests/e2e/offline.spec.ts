import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../../testkit/freePort';
import { axeViolations, hydrated, SIGNED_IN_PAGES, watchHydration } from './pages';
import { expect, signInReadyUser, test } from '../support/e2e/journeys';

/**
 * The installable, offline-capable app: the service worker precaches the app's own files, so a
 * second visit asks the network for none of them; offline the signed-in screens open on what was
 * last known, say so, and refuse what needs the server; a new version is announced and applied
 * when the user reloads; and Chromium finds the app installable.
 */

const OFFLINE = 'You are offline.';
const ACTION_NOTE = 'You are offline. This needs a connection to Naira Wallet: try again once you are back online.';

/** Waits until the service worker is active: its install (the precache) is done. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

/** A ready user whose wallet received one transfer (one row of activity), signed in on the dashboard. */
async function fundedUser(page: Page, request: APIRequestContext) {
  const { user } = await signInReadyUser(page, request, { funds: 12_500 });
  await expect(page.locator('.balance-amount')).toHaveText('₦12,500.00');
  return user;
}

test('a second visit of /dashboard asks the network for no script, style or font', async ({
  page,
  context,
  request,
}) => {
  await fundedUser(page, request);
  await serviceWorkerReady(page);
  const fromNetwork: string[] = [];
  const fromWorker: string[] = [];
  const ownFile = (type: string) => ['script', 'stylesheet', 'font'].includes(type);
  page.on('response', (response) => {
    if (ownFile(response.request().resourceType()))
      (response.fromServiceWorker() ? fromWorker : fromNetwork).push(response.url());
  });
  // What the worker itself would fetch from the network (a file it did not have). Its own script
  // is not one: browsers check it for a new version at each visit.
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.serviceWorker() && pathname !== '/sw.js' && /\.(js|css|woff2?)$/.test(pathname))
      fromNetwork.push(`worker: ${request.url()}`);
  });
  await page.goto('/dashboard');
  await hydrated(page);
  await expect(page.locator('.balance-amount')).toHaveText('₦12,500.00');
  expect(fromNetwork).toEqual([]);
  // The page's scripts all came, from the worker's precache.
  expect(fromWorker.filter((url) => url.endsWith('.js')).length).toBeGreaterThanOrEqual(5);
});

test('offline, /dashboard opens on the stored balance and activities with a banner, a purchase says why it cannot proceed, and back online it polls at once', async ({
  page,
  context,
  request,
}) => {
  await fundedUser(page, request);
  await expect(page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem')).toHaveCount(1);
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toContainText('Balance and activities as of');
  await expect(page.locator('.balance-amount')).toHaveText('₦12,500.00');
  await expect(page.getByText(/^As of .*\. Newer activity shows once Naira Wallet can be reached\.$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem')).toHaveCount(1);

  await page.goto('/airtime');
  await hydrated(page);
  const pay = page.getByRole('button', { name: 'Continue' });
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription(ACTION_NOTE);

  // Back online: the session asks the server at once, not at its next minute.
  const polled = page.waitForRequest((req) => req.url().endsWith('/api/get-user'));
  await context.setOffline(false);
  await polled;
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toHaveCount(0);
  await expect(pay).toBeEnabled();
});

test('offline, every signed-in page opens from the precache and passes axe', async ({ page, context, request }) => {
  // Every signed-in route in one journey, axe on each: past a minute on a slower 2-core machine.
  test.setTimeout(180_000);
  await fundedUser(page, request);
  await serviceWorkerReady(page);
  await context.setOffline(true);
  const violations: string[] = [];
  for (const route of SIGNED_IN_PAGES) {
    await page.goto(route);
    await hydrated(page);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE }), route).toBeVisible();
    violations.push(...(await axeViolations(page)));
  }
  await context.setOffline(false);
  expect(violations).toEqual([]);
});

test('a reader of another language opens the precached pages in it, online and offline, with no English first', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signInReadyUser(page, request, { language: 'yo' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await serviceWorkerReady(page);
  // The app puts the Yoruba pages in the precache in place of the English ones.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const pages = ['/dashboard', '/activities', '/more'];
        const held = await Promise.all(
          pages.map(async (path) => (await caches.match(path, { ignoreSearch: true }))?.text()),
        );
        return held.every((html) => html?.includes('<html lang="yo">'));
      }),
    )
    .toBe(true);
  const problems = watchHydration(page);
  await context.setOffline(true);
  for (const route of ['/dashboard', '/activities', '/more']) {
    const answer = await page.goto(route);
    // The page as the worker answered it, before any script ran: already Yoruba.
    expect(await answer?.text(), route).toContain('<html lang="yo">');
    await hydrated(page);
    await expect(page.locator('html'), route).toHaveAttribute('lang', 'yo');
  }
  await context.setOffline(false);
  expect(problems).toEqual([]);
});

test('Chromium finds the app installable', async ({ baseURL }, testInfo) => {
  // A profile of its own: a test's usual context is incognito, where nothing can be installed.
  const profile = mkdtempSync(join(tmpdir(), 'naira-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = await context.newPage();
    const answer = await page.goto('/');
    // The page as served links no manifest (the browser would fetch it, and an icon, beside the
    // first paint); the app links it once the page has loaded.
    expect(await answer?.text()).not.toContain('rel="manifest"');
    await hydrated(page);
    await serviceWorkerReady(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await devtools.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// ── A new version ─────────────────────────────────────────────────────────────────────────────

/** The real server on a port of its own, serving a copy of the build that the test then changes. */
async function serveCopy(): Promise<{ origin: string; dist: string; stop: () => Promise<void> }> {
  const scratch = mkdtempSync(join(tmpdir(), 'naira-update-'));
  const dist = join(scratch, 'dist');
  cpSync('dist', dist, { recursive: true });
  const port = await freePort();
  const server: ChildProcess = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      APP_MODE: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      STATIC_DIR: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.ok ?? false, { timeout: 60_000 })
    .toBe(true);
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)));
    rmSync(scratch, { recursive: true, force: true });
  };
  return { origin, dist, stop };
}

/** Publishes a new version in the served copy: the landing page says so, and the worker's precache list knows its new revision. */
function publishNewVersion(dist: string) {
  const marker = '<meta name="version" content="next">';
  const index = readFileSync(join(dist, 'index.html'), 'utf8').replace('</head>', `${marker}</head>`);
  writeFileSync(join(dist, 'index.html'), index);
  rmSync(join(dist, 'index.html.br'), { force: true });
  rmSync(join(dist, 'index.html.gz'), { force: true });
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8').replace(
    /(url:"index\.html",revision:")[^"]+/,
    '$1next-version',
  );
  expect(worker, 'sw.js lists index.html with a revision').toContain('next-version');
  writeFileSync(join(dist, 'sw.js'), worker);
  rmSync(join(dist, 'sw.js.br'), { force: true });
  rmSync(join(dist, 'sw.js.gz'), { force: true });
}

test('a new version is announced, and applied when the user reloads', async ({ browser }) => {
  // A server of its own starts on a fresh database first.
  test.setTimeout(120_000);
  const served = await serveCopy();
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ baseURL: served.origin });
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    await serviceWorkerReady(page);
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    publishNewVersion(served.dist);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const notice = page.getByRole('status').filter({ hasText: 'Update available — reload' });
    await expect(notice).toBeVisible();
    // Not swapped by itself: the page still runs the version it opened with.
    await expect(page.locator('meta[name="version"]')).toHaveCount(0);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="version"]')).toHaveAttribute('content', 'next');
    await hydrated(page);
  } finally {
    await context?.close();
    await served.stop();
  }
});
