import type { APIRequestContext } from '@playwright/test';
import * as messages from '../../core/messages';
import {
  enterPin,
  expect,
  expectToast,
  fillAndContinue,
  services,
  signInReadyUser,
  test,
} from '../support/e2e/journeys';

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/get-user', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  return ((await response.json()) as { data: { wallet_balance: number } }).data.wallet_balance;
}

for (const service of services) {
  test(`${service.title}: a purchase goes through, a failed one is refunded, and too many wrong pins log out`, async ({
    page,
    request,
  }) => {
    // Three purchases and a lockout in one journey: near a minute on a slower 2-core machine.
    test.setTimeout(120_000);
    const { user, token } = await signInReadyUser(page, request, { funds: 20_000 });

    await page.goto(service.route);
    await expect(page.getByRole('heading', { level: 1, name: service.title, exact: true })).toBeVisible();

    // A delivered purchase: the wallet is charged, the activity is there, a token stays in view.
    const before = await balanceOf(request, token);
    await fillAndContinue(page, service, service.beneficiary);
    await enterPin(page, user.pin);
    await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();
    if (service.result) await expect(page.getByRole('region', { name: service.result })).toContainText(/\d{4}/);
    await expect.poll(() => balanceOf(request, token)).toBeLessThan(before);
    const charged = await balanceOf(request, token);

    // A failed purchase: the server's message shows, and the money is back.
    await page.goto(service.route);
    await fillAndContinue(page, service, service.failing);
    await enterPin(page, user.pin);
    await expect(page.getByRole('alert').filter({ hasText: /refunded/i })).toBeVisible();
    expect(await balanceOf(request, token)).toBe(charged);

    await page.goto('/activities');
    await expect(page.locator('.txn-row').first()).toContainText(/canceled/i);
    await expect(page.locator('.txn-row').nth(1)).toContainText(/completed/i);

    // Wrong pins: each of the first max_attempts (3) says so; one more once the counter is full logs out.
    await page.goto(service.route);
    await fillAndContinue(page, service, service.beneficiary);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await enterPin(page, '0000');
      await expectToast(page, messages.pinNotCorrect.message);
      await expect(page).toHaveURL(new RegExp(`${service.route}$`));
    }
    await enterPin(page, '0000');
    await expect(page).toHaveURL(/\/login$/);
  });
}
