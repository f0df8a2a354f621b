import type { APIRequestContext } from '@playwright/test';
import { identityMessages, messages } from '../../core/messages';
import {
  accountNumbers,
  BIRTH_DATE,
  createReadyAccount,
  expect,
  expectToast,
  logIn,
  newUser,
  PINS,
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
  const user = newUser();
  await createReadyAccount(request, user);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Fund Wallet' }).click();
  await expect(page).toHaveURL(/\/funding$/);
  // No account number before a BVN or NIN: the screen says why and offers the verification in place.
  await expect(page.getByRole('heading', { name: 'Verify your identity to fund your wallet' })).toBeVisible();
  await expect(page.getByText(identityMessages.identityRequired)).toBeVisible();
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
  await expectToast(page, messages.copied);
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
  const user = newUser();
  await createReadyAccount(request, user);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, messages.nameAndPhoneRequired);
  await page.getByLabel('Full name').fill('Chiamaka Adaeze Okafor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /updated/i })).toBeVisible();

  await page.goto('/password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, messages.allFormFieldsRequired);
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('Rainy-season-2027');
  await page.getByLabel('Confirm new password').fill('Rainy-season-2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /password changed/i })).toBeVisible();

  await page.goto('/pin');
  await page.locator('input.code-box').first().click();
  await page.keyboard.type('12345');
  await page.getByRole('button', { name: 'Change pin' }).click();
  await expectToast(page, messages.allFormFieldsRequired);
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
  await expect(dialog).toContainText(messages.confirmLogout.trim());
  await dialog.getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/login$/);
});
