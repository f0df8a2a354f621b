import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { labels, messages } from '../../core/messages';
import { createReadyAccount, expectToast, logIn, newUser, typeCode } from './support';

interface Service {
  route: string;
  title: string;
  providerLabel: 'Network' | 'Provider';
  provider: string;
  beneficiaryLabel: string;
  /** Delivered by the simulated biller; a number ending in 0001 fails and is refunded (README). */
  beneficiary: string;
  failing: string;
  amount?: string;
  /** The plan field's label, for services priced by plan. */
  plan?: 'Plan' | 'Service';
  verify?: boolean;
  /** The region of the result panel that keeps the token or pin in view. */
  result?: string;
}

const services: Service[] = [
  { route: '/airtime', title: 'Airtime', providerLabel: 'Network', provider: 'MTN', beneficiaryLabel: 'Phone number', beneficiary: '08031234567', failing: '08031230001', amount: '500' },
  { route: '/internet', title: 'Internet', providerLabel: 'Network', provider: 'Airtel', beneficiaryLabel: 'Phone number', beneficiary: '08021234567', failing: '08021230001', plan: 'Plan' },
  {
    route: '/electricity',
    title: 'Electricity',
    providerLabel: 'Provider',
    provider: 'Ikeja Electric (IKEDC)',
    beneficiaryLabel: 'Meter number',
    beneficiary: '45011234567',
    failing: '45011230001',
    amount: '1000',
    verify: true,
    result: 'Token',
  },
  { route: '/betting', title: labels.bettingTitle, providerLabel: 'Provider', provider: 'Bet9ja', beneficiaryLabel: 'Account number', beneficiary: '20481234', failing: '20480001', amount: '1000', verify: true },
  { route: '/cable', title: 'Cable TV', providerLabel: 'Provider', provider: 'GOtv', beneficiaryLabel: 'Smartcard number', beneficiary: '7012345678', failing: '7012340001', plan: 'Plan', verify: true },
  { route: '/education', title: labels.educationTitle, providerLabel: 'Provider', provider: 'WAEC', beneficiaryLabel: 'ID number', beneficiary: '08031234567', failing: '08031230001', plan: 'Service', result: 'PIN' },
];

async function fund(request: APIRequestContext, token: string, amount: number) {
  const accounts = await request.post('/api/create-accounts', { headers: { Authorization: `Bearer ${token}` } });
  const { data } = (await accounts.json()) as { data: { account_number: string }[] };
  const transfer = await request.post('/dev/bank/transfer', { data: { account_number: data[0].account_number, amount, sender_name: 'Emeka Obi' } });
  expect(transfer.ok()).toBe(true);
}

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/get-user', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { wallet_balance: number } }).data.wallet_balance;
}

/** Fills the service's form and reaches the pin dialog (verifying the merchant first where the service has one). */
async function fillAndContinue(page: Page, service: Service, beneficiary: string) {
  await page.getByLabel(service.providerLabel).selectOption({ label: service.provider });
  if (service.plan) await page.getByLabel(service.plan, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(service.beneficiaryLabel).fill(beneficiary);
  if (service.amount) await page.getByLabel('Amount').fill(service.amount);
  if (service.verify) {
    await page.getByRole('button', { name: labels.verifyMerchant }).click();
    await expect(page.getByRole('region', { name: 'Merchant details' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: labels.transactionPin });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function enterPin(page: Page, pin: string) {
  const dialog = page.getByRole('dialog', { name: labels.transactionPin });
  await typeCode(page, pin);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

for (const service of services) {
  test(`${service.title}: a purchase goes through, a failed one is refunded, and too many wrong pins log out`, async ({ page, request }) => {
    const user = newUser();
    const token = await createReadyAccount(request, user);
    await fund(request, token, 20_000);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);

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
      await expectToast(page, messages.pinNotCorrect);
      await expect(page).toHaveURL(new RegExp(`${service.route}$`));
    }
    await enterPin(page, '0000');
    await expect(page).toHaveURL(/\/login$/);
  });
}
