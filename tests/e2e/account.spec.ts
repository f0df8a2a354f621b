import type { Page } from '@playwright/test';
import * as messages from '../../core/messages';
import {
  codeIn,
  createVerifiedAccount,
  expect,
  expectToast,
  fillRegister,
  latestMail,
  logIn,
  type NewUser,
  newUser,
  PINS,
  resetPathIn,
  test,
  typeCode,
} from '../support/e2e/journeys';

/** /register filled in for `user`, the terms accepted, the account created: the page goes on to /verify-email. */
async function registerThroughTheForm(page: Page, user: NewUser) {
  await page.goto('/register');
  await fillRegister(page, user);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}

test('register → code from the mailbox → verify → log in → set pin → dashboard shows the balance', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerThroughTheForm(page, user);
  await expect(page.getByText(user.email)).toBeVisible();
  // The resend on opening sent the first code; resending is blocked while the countdown runs.
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  await typeCode(page, codeIn(await latestMail(request, user.email)));
  await page.getByRole('button', { name: 'Continue' }).click();

  // After verifying, the user is logged out and sent to login.
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/set-pin$/);
  await typeCode(page, user.pin + user.pin);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦0.00');
  await expect(page.getByRole('link', { name: 'Fund Wallet' })).toBeVisible();
});

test('forgot → reset link from the mailbox → reset → set pin → dashboard', async ({ page, request }) => {
  const user = newUser();
  await createVerifiedAccount(request, user);

  await page.goto('/forgot');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/check your e-?mail/i).first()).toBeVisible();

  await page.goto(resetPathIn(await latestMail(request, user.email)));
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-77');
  await page.getByLabel('Confirm new password').fill('Another-pass-77');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/set-pin\?token=/);
  await typeCode(page, PINS.afterPasswordReset.repeat(2));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦0.00');

  // The new password works; the reset link does not work twice.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, user.email, 'Another-pass-77');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the demo account logs in to the dashboard and hides and shows its balance', async ({ page }) => {
  await logIn(page, 'demo@nairawallet.test', 'Demo-pass-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  const hide = page.getByRole('button', { name: 'Hide balance' });
  await expect(hide).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText(/₦[\d,]+\.\d{2}/);
  await hide.click();
  // Hidden: blurred on screen and replaced for screen readers.
  await expect(page.getByText('Balance hidden')).toBeAttached();
  await page.getByRole('button', { name: 'Show balance' }).click();
  await expect(page.getByRole('button', { name: 'Hide balance' })).toBeVisible();
});

test('a user who has not verified the e-mail is sent to verify-email on login', async ({ page, request }) => {
  const user = newUser();
  const registered = await request.post('/api/register', {
    data: {
      device: 'web',
      name: user.name,
      email: user.email,
      phone: user.phone,
      password: user.password,
      confirm_password: user.password,
      token: 'dev-ok:register',
    },
  });
  expect(registered.status()).toBe(201);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/verify-email$/);
});

test('a protected route without a session lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a session the server revoked logs out to /login', async ({ page, request }) => {
  await logIn(page, 'demo@nairawallet.test', 'Demo-pass-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Stored as the plain token, readable without decoding by an app embedding this one.
  const token = await page.evaluate(() => localStorage.getItem('user_token') ?? '');
  expect((await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` }, data: {} })).ok()).toBe(
    true,
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('every validation message of the account screens', () => {
  test('register', async ({ page }) => {
    const user = newUser();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, messages.fillForm.message);

    await fillRegister(page, user, 'not-the-same-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, messages.passwordsMustMatch.message);

    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, messages.acceptTerms.message);
  });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, messages.fillForm.message);
  });

  test('forgot', async ({ page }) => {
    await page.goto('/forgot');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, messages.enterEmail.message);
  });

  test('reset', async ({ page }) => {
    await page.goto('/reset?token=abc');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, messages.enterNewPassword.message);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-77');
    await page.getByLabel('Confirm new password').fill('Another-pass-78');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, messages.passwordMismatch.message);
  });

  test('verify email and set pin', async ({ page, request }) => {
    const user = newUser();
    await registerThroughTheForm(page, user);
    await latestMail(request, user.email);
    await typeCode(page, '12');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, messages.enterOtp.message);

    await page.goto('/set-pin');
    await typeCode(page, '123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, messages.allFormFieldsRequired.message);
  });
});

/** The page as a React Native app embeds it: what the page posts to the app is kept for `tokenHandedToApp`. */
const inAppWebview = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }).ReactNativeWebView = {
      postMessage: (m: string) => ((window as unknown as { received: string }).received = m),
    };
  });
const tokenHandedToApp = (page: Page) => page.evaluate(() => (window as unknown as { received?: string }).received);

test.describe('/iamhuman', () => {
  test('without an embedding app it shows the failure message', async ({ page }) => {
    await page.goto('/iamhuman?action=register');
    await page.getByRole('button', { name: 'I am human' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.botCheckFailed.message })).toBeVisible();
  });

  test('inside a React Native webview it hands the captcha token to the app', async ({ page }) => {
    await inAppWebview(page);
    // The app names the call it will spend the token on; the token is good for that call only.
    await page.goto('/iamhuman?action=register');
    await page.getByRole('button', { name: 'I am human' }).click();
    await expect.poll(() => tokenHandedToApp(page)).toBe('dev-ok:register');
  });

  test('opened without a named call it still hands a token, one that register refuses', async ({ page, request }) => {
    await inAppWebview(page);
    await page.goto('/iamhuman');
    await page.getByRole('button', { name: 'I am human' }).click();
    await expect.poll(() => tokenHandedToApp(page)).toBe('dev-ok:iamhuman');
    const answer = await request.post('/api/register', {
      data: {
        device: 'web',
        name: 'Ada Obi',
        email: `iamhuman-${Date.now()}@example.com`,
        phone: '08031234567',
        password: 'Strong-pass-2026',
        confirm_password: 'Strong-pass-2026',
        token: 'dev-ok:iamhuman',
      },
    });
    expect(answer.status()).toBe(403);
  });
});
