import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  BIRTH_DATE,
  createReadyAccount,
  enterPin,
  expect,
  fillAndContinue,
  fund,
  logIn,
  newUser,
  services,
  signInReadyUser,
  test,
} from '../support/e2e/journeys';

const airtime = services.find((service) => service.route === '/airtime')!;
const electricity = services.find((service) => service.route === '/electricity')!;

/** A BVN the simulated identity provider verifies (docs/development.md, "Identity checks"): not ending in 000, 111, 222 or 999. */
const verifiableBvn = () => `22${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}5`;

async function buyAirtimeByApi(request: APIRequestContext, token: string, pin: string, amount: number) {
  const providers = await request.post('/api/fetch-providers', { headers: { Authorization: `Bearer ${token}` } });
  const mtn = ((await providers.json()) as { data: Record<string, { id: number; name: string }[]> }).data.airtime.find(
    (provider) => provider.name === 'MTN',
  )!;
  const reply = await request.post('/api/airtime', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${randomUUID()}` },
    data: { provider_id: mtn.id, beneficiary: '08031234567', amount, pin },
  });
  expect(reply.status()).toBe(200);
}

test('a completed airtime purchase credits its cashback: the message, its own activity row, the detail and the dashboard total', async ({
  page,
  request,
}, testInfo) => {
  const { user } = await signInReadyUser(page, request, { funds: 5_000 });

  await page.goto('/airtime');
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  // ₦500 of airtime earns 2 %.
  await expect(page.getByRole('alert').filter({ hasText: 'You earned ₦10.00 cashback.' })).toBeVisible();

  await page.goto('/activities');
  const cashbackRow = page.locator('.txn-row').first();
  await expect(cashbackRow).toContainText('₦10.00 cashback on ₦500.00 MTN airtime for 08031234567');
  await expect(cashbackRow).toContainText('Cashback');
  await page.screenshot({ path: testInfo.outputPath('activities-cashback.png') });
  await page.locator('.txn-row').nth(1).click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail.locator('dt', { hasText: 'Cashback' })).toBeVisible();
  await expect(detail.locator('dd', { hasText: '₦10.00' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('detail-cashback.png') });
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(page.locator('.balance-cashback')).toContainText('Cashback earned ₦10.00');
  // ₦5,000 − ₦500 + ₦10.
  await expect(page.locator('.balance-amount')).toContainText('₦4,510.00');
  await page.screenshot({ path: testInfo.outputPath('dashboard-cashback.png') });
});

test('a tier-1 user (a NIN verified) hits the daily limit and raises it with a BVN', async ({
  page,
  request,
}, testInfo) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, 60_000);
  // Tier 1 spends ₦50,000 a day: the day's limit used up before the journey.
  await buyAirtimeByApi(request, token, user.pin, 50_000);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/airtime');
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'this purchase is above your daily limit: tier 1 allows ₦50,000.00 a day and ₦0.00 is left today. Verify both your BVN and NIN on your profile to raise your limits.',
    }),
  ).toBeVisible();

  await page.goto('/profile');
  const limits = page.getByRole('region', { name: 'Your limits' });
  await expect(limits).toContainText('Tier 1');
  await expect(limits).toContainText('Daily limit₦50,000.00Spent today₦50,000.00Left today₦0.00Balance cap₦300,000.00');
  await page.screenshot({ path: testInfo.outputPath('profile-tier1.png'), fullPage: true });

  const bvn = verifiableBvn();
  await page.getByLabel('BVN (Bank Verification Number)').fill(bvn);
  await page.getByLabel('Date of birth').fill(BIRTH_DATE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'profile updated successfully' })).toBeVisible();
  await expect(limits).toContainText('Tier 2');
  await expect(limits).toContainText(
    'Daily limit₦200,000.00Spent today₦50,000.00Left today₦150,000.00Balance cap₦500,000.00',
  );
  await expect(page.getByLabel('BVN (Bank Verification Number)')).toHaveValue('');
  await expect(page.getByText(`Verified, ending in ${bvn.slice(-4)}. To change it, contact support.`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-tier2.png'), fullPage: true });

  await page.goto('/airtime');
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();
});

test('the receipt e-mail is in the mailbox, with the electricity token', async ({ page, request }) => {
  const { user } = await signInReadyUser(page, request, { funds: 5_000 });

  await page.goto('/electricity');
  await fillAndContinue(page, electricity, electricity.beneficiary);
  await enterPin(page, user.pin);
  const tokenShown = (await page.getByRole('region', { name: 'Token' }).innerText()).match(/\d{4}(-\d{4}){4}/)![0];

  const mailbox = async () =>
    (
      (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(user.email)}`)).json()) as {
        data: { subject: string; text: string; html?: string }[];
      }
    ).data;
  await expect
    .poll(async () => (await mailbox()).some((mail) => mail.subject.startsWith('Your receipt for')))
    .toBe(true);
  const receipt = (await mailbox()).find((mail) => mail.subject.startsWith('Your receipt for'))!;
  expect(receipt.subject).toContain('Ikeja Electric (IKEDC) prepaid electricity for meter 45011234567');
  expect(receipt.text).toContain(`Token: ${tokenShown}`);
  expect(receipt.text).toContain('₦1,000.00');
  expect(receipt.text).toContain('Successful');
  expect(receipt.html).toContain(tokenShown);
  // The funding had its receipt too.
  expect((await mailbox()).some((mail) => mail.subject === 'Wallet funded: ₦5,000.00')).toBe(true);
});
