import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import * as messages from '../../core/messages';
import * as labels from '../../core/labels';
import { serviceByKey, type ServiceKey } from '../../core/services';
import {
  codeIn,
  createReadyAccount,
  enterPin,
  expect,
  expectToastOfThisStep,
  fillAndContinue,
  fund,
  logIn,
  mailCount,
  newMail,
  newUser,
  PINS,
  pinsInStorage,
  services,
  signInReadyUser,
  test,
  type NewUser,
} from '../support/e2e/journeys';
import { serviceTitles } from '../../src/ui/purchases/serviceWords';

// The transaction pin is checked by the server and counted per user, so no tab or reload resets the count.

const airtime = services.find((service) => service.route === '/airtime')!;
const internet = services.find((service) => service.route === '/internet')!;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The server's count of wrong pins in a row, as get-user tells it. */
async function pinAttempts(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/get-user', { headers: bearer(token) });
  return ((await response.json()) as { data: { pin_attempts: number } }).data.pin_attempts;
}

/** Opens a service screen the way a person does, without reloading the app: Home, then its tile. */
async function openFromDashboard(page: Page, key: ServiceKey) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page
    .getByRole('navigation', { name: 'Pay bills' })
    .getByRole('link', { name: serviceByKey(key).categoryLabel.message })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: serviceTitles[key].title.message, exact: true }),
  ).toBeVisible();
}

/** On /reset-pin: asks for the code, reads it from the mailbox, and sets `pin` with the account password. */
async function resetPinOnScreen(page: Page, request: APIRequestContext, user: NewUser, pin: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Reset pin' })).toBeVisible();
  const mails = await mailCount(request, user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // Another code only once the countdown is over, as at verify-email.
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  const code = codeIn(await newMail(request, user.email, mails));
  await page.getByLabel('Digit 1 of 4', { exact: true }).click();
  await page.keyboard.type(code);
  await page.getByLabel('Account password').fill(user.password);
  // Focus moves on from box to box, across the new pin and its confirmation.
  await page.getByLabel('New pin digit 1 of 4', { exact: true }).click();
  await page.keyboard.type(pin + pin);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('wrong pins count for the session: 1–3 across two service screens and a reload each say so, the 4th logs out and revokes the token', async ({
  page,
  request,
}) => {
  const { token: apiToken } = await signInReadyUser(page, request, { funds: 5_000 });
  const browserToken = await page.evaluate(() => localStorage.getItem('user_token') ?? '');
  const dialog = page.getByRole('dialog', { name: labels.transactionPin.message });

  // 1: airtime. The dialog asks again at once, for the same purchase.
  await openFromDashboard(page, 'airtime');
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, PINS.wrong);
  await expectToastOfThisStep(page, messages.pinNotCorrect.message);
  await expect(dialog).toBeVisible();
  expect(await pinAttempts(request, apiToken)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // 2: another service screen; leaving the first one does not start the count again.
  await openFromDashboard(page, 'internet');
  await fillAndContinue(page, internet, internet.beneficiary);
  await enterPin(page, PINS.wrong);
  await expectToastOfThisStep(page, messages.pinNotCorrect.message);
  expect(await pinAttempts(request, apiToken)).toBe(2);

  // 3: after a reload, still counted.
  await page.reload();
  await expect(page).toHaveURL(/\/internet$/);
  await fillAndContinue(page, internet, internet.beneficiary);
  await enterPin(page, PINS.wrong);
  await expectToastOfThisStep(page, messages.pinNotCorrect.message);
  await expect(page).toHaveURL(/\/internet$/);
  expect(await pinAttempts(request, apiToken)).toBe(3);

  // 4: the count had reached max_attempts (3): logged out, to /login, and the server forgot every session.
  await expect(dialog).toBeVisible();
  await enterPin(page, PINS.wrong);
  await expect(page).toHaveURL(/\/login$/);
  // Said on the way out, and still in view on /login: the toaster outlives the move.
  await expectToastOfThisStep(page, messages.pinNotCorrect.message);
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBe('');
  for (const token of [browserToken, apiToken]) {
    expect((await request.post('/api/get-user', { headers: bearer(token) })).status()).toBe(401);
  }
});

test('forgot pin: from the pin dialog, a code from the mailbox, the password and a new pin, then back to the screen where the new pin pays', async ({
  page,
  request,
}) => {
  const { user } = await signInReadyUser(page, request, { funds: 5_000 });

  await openFromDashboard(page, 'airtime');
  const dialog = await fillAndContinue(page, airtime, airtime.beneficiary);
  await dialog.getByRole('link', { name: 'Forgot pin?' }).click();
  await expect(page).toHaveURL(/\/reset-pin\?from=%2Fairtime$/);
  await resetPinOnScreen(page, request, user, PINS.afterPinReset);
  await expect(page).toHaveURL(/\/airtime$/);

  // The old pin is no longer the pin; the new one pays.
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  await expectToastOfThisStep(page, messages.pinNotCorrect.message);
  await enterPin(page, PINS.afterPinReset);
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();
});

/** A purchase through the API with a wrong pin: the status the server answers. */
async function buyWithWrongPin(request: APIRequestContext, token: string, providerId: number): Promise<number> {
  const response = await request.post('/api/airtime', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: { provider_id: providerId, beneficiary: airtime.beneficiary, amount: 500, pin: PINS.wrong },
  });
  return response.status();
}

test('three pin logouts in a day lock purchases until "Forgot pin?" resets the pin', async ({ page, request }) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, 5_000);
  const providers = await request.post('/api/fetch-providers', { headers: bearer(token) });
  const providerId = ((await providers.json()) as { data: Record<string, { id: number }[]> }).data.airtime[0].id;

  for (let logout = 1; logout <= 3; logout += 1) {
    const login = await request.post('/api/login', {
      data: { device: 'web', email: user.email, password: user.password },
    });
    const session = ((await login.json()) as { data: { token: string } }).data.token;
    for (let wrong = 1; wrong <= 3; wrong += 1) expect(await buyWithWrongPin(request, session, providerId)).toBe(400);
    expect(await buyWithWrongPin(request, session, providerId)).toBe(401);
  }

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openFromDashboard(page, 'airtime');
  const locked = page.getByRole('note');
  await expect(locked).toContainText('Purchases are locked');
  // Even the right pin is refused, with the server's message.
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  await expect(page.getByRole('alert').filter({ hasText: /locked/i })).toBeVisible();

  await locked.getByRole('link', { name: 'Forgot pin?' }).click();
  await resetPinOnScreen(page, request, user, PINS.afterPinReset);
  await expect(page).toHaveURL(/\/airtime$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, PINS.afterPinReset);
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();
});

test('/pin offers "Forgot pin?" and comes back to /pin', async ({ page, request }) => {
  const { user } = await signInReadyUser(page, request);
  await page.goto('/pin');
  await page.getByRole('link', { name: 'Forgot pin?' }).click();
  await expect(page).toHaveURL(/\/reset-pin\?from=%2Fpin$/);
  await resetPinOnScreen(page, request, user, PINS.afterPinReset);
  await expect(page).toHaveURL(/\/pin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change pin' })).toBeVisible();
});

test('a pin an older build kept in the browser is replaced by the marker on load', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((pin) => localStorage.setItem('user_pin', JSON.stringify(pin)), PINS.demo);
  await page.goto('/login');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user_pin'))).toBe('set');
});

test('the storage scan finds a pin wherever it is kept, and no pin in tokens, numbers or balances', () => {
  // How an older build kept it, and how a careless one might.
  const kept: Record<string, string>[] = [
    { user_pin: '"4826"' },
    { user_pin: '4826' },
    { user_pin: '1470' },
    { draft: '4826' },
    { form: '{"pin":"4826"}' },
    { form: '{"body":{"pin":4826}}' },
    { boxes: '["4","8","2","6"]' },
    { anything: '{"pins":{"old_pin":"2580"}}' },
    // A pin no list knows: a pin field holds the marker or nothing.
    { user_pin: '"1470"' },
  ];
  for (const stored of kept) {
    expect(pinsInStorage(stored), JSON.stringify(stored)).not.toEqual([]);
  }
  expect(
    pinsInStorage({
      user_pin: 'set',
      user_token: '48262580a9f3482615',
      user_phone: '08034826258',
      user_wallet_balance: '14826.5',
      user_accounts_cache: '{"amount":4826}',
      user_accounts: '[{"bank_name":"Wema","account_number":"9948262580"}]',
      user_email_verified_at: '2026-11-22T10:48:26Z',
      user_tenant: '0',
      user_nin: '',
    }),
  ).toEqual([]);
});
