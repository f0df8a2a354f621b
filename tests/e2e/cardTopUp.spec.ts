import type { APIRequestContext, Page } from '@playwright/test';
import { accountNumbers, createReadyAccount, expect, expectToast, logIn, newUser, test } from '../support/e2e/journeys';

/**
 * Card top-ups: /funding → the amount and the fee shown → the partner's own checkout page →
 * back on /funding → credited once. On the real adapters the checkout is our fake Paystack's
 * (whose webhook can come before the customer's return or after it); on the simulated partner
 * it is the development server's /dev/checkout page, which behaves the same.
 */

const port = Number(process.env.E2E_PORT ?? 3456);
const fakePaystack = `http://127.0.0.1:${Number(process.env.E2E_FAKE_PAYSTACK_PORT ?? port + 5)}`;

/** A user with a NIN verified (the wallet may be funded), logged in on /funding. */
async function onFunding(page: Page, request: APIRequestContext) {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await accountNumbers(request, token);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/funding');
  return token;
}

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.post('/api/get-user', { headers: { Authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { data: { wallet_balance: number } }).data.wallet_balance;
}

/** ₦5,000 typed, the fee and the total shown before paying, then off to the checkout. */
async function payByCard(page: Page) {
  const form = page.getByRole('form', { name: 'Top up with a card' });
  await form.getByLabel('Amount to add (₦)').fill('5000');
  // Paystack's fee grossed up so that ₦5,000 reaches the wallet (core/cardFees.ts).
  await expect(form).toContainText('To your wallet₦5,000.00');
  await expect(form).toContainText('card fee₦177.67');
  await expect(form).toContainText('Your card is charged₦5,177.67');
  await form.getByRole('button', { name: 'Pay ₦5,177.67 with card' }).click();
}

test('webhook first: pay ₦5,000 by card at the checkout → back on /funding → credited once', async ({
  page,
  request,
}, testInfo) => {
  const token = await onFunding(page, request);
  await page.screenshot({ path: testInfo.outputPath('funding-card.png'), fullPage: true });
  await payByCard(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/checkout/i);
  await page.screenshot({ path: testInfo.outputPath('checkout.png'), fullPage: true });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/funding(\?.*)?$/);
  await expectToast(page, '₦5,000.00 from your card has been added to your wallet.');
  await expect(page).toHaveURL(/\/funding$/);
  await expect(page.getByRole('region', { name: 'Card top-ups' })).toContainText('Successful');
  expect(await balanceOf(request, token)).toBe(5_000);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦5,000.00');
});

test('return first: the customer is back before the webhook → credited once on the return; the late webhook changes nothing', async ({
  page,
  request,
}) => {
  const held = await request.post(`${fakePaystack}/__fake/card-webhooks`, { data: { mode: 'held' } });
  expect(held.ok()).toBe(true);
  try {
    const token = await onFunding(page, request);
    await payByCard(page);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expectToast(page, '₦5,000.00 from your card has been added to your wallet.');
    expect(await balanceOf(request, token)).toBe(5_000);
    const released = await request.post(`${fakePaystack}/__fake/card-webhooks/release`);
    expect(((await released.json()) as { released: number }).released).toBe(1);
    expect(await balanceOf(request, token)).toBe(5_000);
    const transactions = await request.post('/api/fetch-transactions', {
      headers: { Authorization: `Bearer ${token}` },
      data: { pagination: 10, page: 1 },
    });
    expect(((await transactions.json()) as { data: { total: number } }).data.total).toBe(1);
  } finally {
    await request.post(`${fakePaystack}/__fake/card-webhooks`, { data: { mode: 'before-redirect' } });
  }
});

test('a cancelled card payment credits nothing and is listed as cancelled', async ({ page, request }, testInfo) => {
  const token = await onFunding(page, request);
  await payByCard(page);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/funding(\?.*)?$/);
  await expectToast(page, 'The card payment was cancelled: nothing was charged.');
  await expect(page.getByRole('region', { name: 'Card top-ups' })).toContainText('Cancelled');
  await page.screenshot({ path: testInfo.outputPath('funding-cancelled.png'), fullPage: true });
  expect(await balanceOf(request, token)).toBe(0);
});
