import type { APIRequestContext, Page } from '@playwright/test';
import { POLL_INTERVAL_MS } from '../../core/limits';
import * as messages from '../../core/messages';
import * as clipboard from '../../core/words/clipboard';
import { identityMessages } from '../../core/words/identity';
import {
  accountNumbers,
  BIRTH_DATE,
  createReadyAccount,
  expect,
  expectToast,
  logIn,
  newUser,
  PINS,
  signInReadyUser,
  test,
  verifiableNumber,
} from '../support/e2e/journeys';

/** Simulates a bank transfer into a virtual account (development mode), through the signed webhook. */
async function transfer(request: APIRequestContext, accountNumber: string, amount: number) {
  const response = await request.post('/dev/bank/transfer', {
    data: { account_number: accountNumber, amount, sender_name: 'Emeka Obi' },
  });
  expect(response.ok()).toBe(true);
}

test('funding, identity first: /funding offers the verification → a NIN verified → the accounts → a transfer → the balance, the red dot, the notification marked as read', async ({
  page,
  request,
  context,
}, testInfo) => {
  await signInReadyUser(page, request);

  await page.getByRole('link', { name: 'Fund Wallet' }).click();
  await expect(page).toHaveURL(/\/funding$/);
  // No account number before a BVN or NIN: the screen says why and offers the verification in place.
  await expect(page.getByRole('heading', { name: 'Verify your identity to fund your wallet' })).toBeVisible();
  await expect(page.getByText(identityMessages.identityRequired.message)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your account numbers' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('funding-unverified.png'), fullPage: true });
  await page.getByLabel('NIN (National Identification Number)').check();
  await page.getByLabel('Your NIN').fill(verifiableNumber());
  await page.getByLabel('Date of birth').fill(BIRTH_DATE);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'identity verified');
  const accounts = page.getByRole('list', { name: 'Your account numbers' }).getByRole('listitem');
  await expect(accounts).toHaveCount(2);
  const accountNumber = /\d{10}/.exec((await accounts.first().textContent()) ?? '')![0];

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy number' }).first().click();
  await expectToast(page, clipboard.copied.message);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);

  await transfer(request, accountNumber, 5000);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦5,000.00');

  await page.getByRole('link', { name: 'Notifications (new)' }).click();
  await expect(page).toHaveURL(/\/notification$/);
  const funded = page.getByRole('article').filter({ hasText: 'Wallet funded' });
  await expect(funded).toContainText('₦5,000.00');
  await funded.getByRole('button', { name: 'Mark as read' }).click();
  await expect(funded.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
});

/** The session's polls (src/machines/app/session.ts), as the browser saw each. */
const POLLED = ['/api/get-user', '/api/fetch-providers', '/api/fetch-notifications'];

interface SeenPoll {
  path: string;
  method: string;
  ifNoneMatch: string | undefined;
  status: number;
  etag: string | undefined;
}

/** Hides or shows the page as the browser does for a background tab: its visibility, and the event. */
const pageBecomes = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

test("the dashboard's polls: GETs answered 304 while nothing changed, 200 once it did, none while the page is hidden", async ({
  page,
  request,
  context,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  const [accountNumber] = await accountNumbers(request, token);
  const seen: SeenPoll[] = [];
  let asked = 0;
  page.on('request', (sent) => void (POLLED.includes(new URL(sent.url()).pathname) && (asked += 1)));
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!POLLED.includes(path)) return;
    const sent = response.request();
    seen.push({
      path,
      method: sent.method(),
      ifNoneMatch: (await sent.headerValue('if-none-match')) ?? undefined,
      status: response.status(),
      etag: (await response.headerValue('etag')) ?? undefined,
    });
  });
  /**
   * The answers of the session's `ordinal`th poll (1 for the first), once all three are in. Counted
   * from the journey's start, not from the call: a poll can be answered before the journey asks
   * for it (the first often is by the time the dashboard's address is checked), and counting from
   * then would wait for the poll after it, a minute of the page's clock away.
   */
  const answersOfPoll = async (ordinal: number) => {
    const end = ordinal * POLLED.length;
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(end);
    return seen.slice(end - POLLED.length, end);
  };
  /**
   * When the session last took a poll in, as the page keeps it for the offline banner's "as of".
   * It is kept in the same step that times the next poll, and the browser's answers may reach the
   * journey before the page has read them: a clock moved sooner would time that poll from after the move.
   */
  const syncedAt = () => page.evaluate(() => localStorage.getItem('offline_synced_at'));
  // Back online, the session polls at once (the connectivity machine): a poll without waiting a minute.
  const reconnect = async () => {
    await context.setOffline(true);
    // Seen offline first: a connection back before the app saw it go would start no poll.
    await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
    await context.setOffline(false);
  };
  const balance = page.getByRole('region', { name: 'Total balance' });

  // The page's own clock: the next 60-second poll comes when the journey moves it.
  await page.clock.install();
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const first = await answersOfPoll(1);
  for (const poll of first)
    expect(poll, poll.path).toMatchObject({ method: 'GET', ifNoneMatch: undefined, status: 200 });
  await expect(balance).toContainText('₦0.00');

  await expect.poll(syncedAt).not.toBeNull();
  await page.clock.runFor(POLL_INTERVAL_MS);
  const same = await answersOfPoll(2);
  for (const poll of same) {
    const before = first.find((answer) => answer.path === poll.path)!;
    expect(poll, poll.path).toMatchObject({ method: 'GET', ifNoneMatch: before.etag, status: 304 });
  }
  await expect(balance).toContainText('₦0.00');

  // Hidden, nothing polls, not even when the network comes back; shown again, one poll.
  await pageBecomes(page, 'hidden');
  await transfer(request, accountNumber, 2500);
  await reconnect();
  await expect(page.getByText('You are offline.')).toHaveCount(0);
  // A round trip of the page's own, after the task a poll asked for by the network's return would start in.
  expect(await page.evaluate(async () => (await fetch('/api/health/live')).status)).toBe(200);
  expect(asked).toBe(6);
  await pageBecomes(page, 'visible');
  const caughtUp = await answersOfPoll(3);
  const statuses = Object.fromEntries(caughtUp.map((poll) => [poll.path, poll.status]));
  // The transfer changed the balance and brought a notification; the catalogue stayed the same.
  expect(statuses).toEqual({ '/api/get-user': 200, '/api/fetch-providers': 304, '/api/fetch-notifications': 200 });
  await expect(balance).toContainText('₦2,500.00');
  expect(asked).toBe(9);
});

test('activities: ten a page, load more, and a completed row opens its details and downloads a receipt', async ({
  page,
  request,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  const [accountNumber] = await accountNumbers(request, token);
  for (let i = 1; i <= 11; i += 1) await transfer(request, accountNumber, 100 * i);

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/activities');
  const rows = page.locator('.txn-row');
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await rows.first().click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('₦1,100.00');
  const download = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-.+\.png$/);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('account pages: profile, password and pin changes show their messages; logout asks first', async ({
  page,
  request,
}) => {
  const { user } = await signInReadyUser(page, request);

  await page.goto('/profile');
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, messages.nameAndPhoneRequired.message);
  await page.getByLabel('Full name').fill('Chiamaka Adaeze Okafor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /updated/i })).toBeVisible();

  await page.goto('/password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, messages.allFormFieldsRequired.message);
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('Rainy-season-2027');
  await page.getByLabel('Confirm new password').fill('Rainy-season-2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /password changed/i })).toBeVisible();

  await page.goto('/pin');
  await page.locator('input.code-box').first().click();
  await page.keyboard.type('12345');
  await page.getByRole('button', { name: 'Change pin' }).click();
  await expectToast(page, messages.allFormFieldsRequired.message);
  await page.locator('input.code-box').first().click();
  await page.keyboard.type(`${user.pin}${PINS.changed}${PINS.changed}`);
  await page.getByRole('button', { name: 'Change pin' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /pin changed/i })).toBeVisible();
  // The app keeps only the marker that a pin is set, never the pin: only the server checks it.
  expect(await page.evaluate(() => localStorage.getItem('user_pin'))).toBe('set');

  // On a phone the account menu is /more (the footer's More tab).
  await page.getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL(/\/more$/);
  await page.getByRole('button', { name: /log ?out/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(messages.confirmLogout.message.trim());
  await dialog.getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/login$/);
});
