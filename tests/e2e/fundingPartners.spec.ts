import { identityMessages } from '../../core/words/identity';
import { BIRTH_DATE, expect, expectToast, signInReadyUser, test, verifiableNumber } from '../support/e2e/journeys';

/**
 * Identity first, on the real adapters (the project `real-adapters`: Monnify and Paystack through
 * our fakes of their documented APIs — Monnify's V2 reserve requires a BVN or NIN, Paystack
 * requires the customer validated, and says so by webhook).
 */

const port = Number(process.env.E2E_PORT ?? 3456);
const fakeMonnify = `http://127.0.0.1:${Number(process.env.E2E_FAKE_MONNIFY_PORT ?? port + 4)}`;

test("register → /funding offers the verification → a BVN verified on /profile → Monnify's accounts (with the BVN) and Paystack's (after its validation webhook) → a transfer into each credited once", async ({
  page,
  request,
}, testInfo) => {
  const { user, token } = await signInReadyUser(page, request);

  await page.goto('/funding');
  await expect(page.getByRole('heading', { name: 'Verify your identity to fund your wallet' })).toBeVisible();
  await expect(page.getByText(identityMessages.identityRequired.message)).toBeVisible();

  // The BVN on the profile: Monnify reserves with it; Paystack wants a bank account too.
  const bvn = verifiableNumber();
  await page.goto('/profile');
  await page.getByLabel('BVN (Bank Verification Number)').fill(bvn);
  await page.getByLabel('Date of birth').fill(BIRTH_DATE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'profile updated successfully');
  const reservation = (await (
    await request.get(`${fakeMonnify}/__fake/reservations?email=${encodeURIComponent(user.email)}`)
  ).json()) as { bvn: string | null };
  expect(reservation.bvn, 'Monnify was given the BVN').toBe(bvn);

  await page.goto('/funding');
  const accounts = page.getByRole('list', { name: 'Your account numbers' }).getByRole('listitem');
  await expect(accounts).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Account numbers on the way' })).toContainText('Paystack');
  await page.screenshot({ path: testInfo.outputPath('funding-paystack-needs-bank.png'), fullPage: true });

  // Paystack: the BVN typed again with the user's own bank account, validated by webhook.
  await page.getByLabel('Your BVN').fill(bvn);
  await page.getByLabel('Date of birth').fill(BIRTH_DATE);
  await page.getByLabel('Your bank').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Your account number at that bank').fill('0123456789');
  await page.getByRole('button', { name: 'Send to the banks' }).click();
  await expectToast(page, 'identity verified');
  await expect(accounts).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Account numbers on the way' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('funding-three-accounts.png'), fullPage: true });

  // A transfer into each, through each partner's fake: credited once, whatever the replays.
  const headers = { Authorization: `Bearer ${token}` };
  const numbers = (
    (await (await request.post('/api/create-accounts', { headers })).json()) as { data: { account_number: string }[] }
  ).data.map((a) => a.account_number);
  expect(numbers).toHaveLength(3);
  for (const [index, accountNumber] of numbers.entries()) {
    const reference = `E2E-${Date.now()}-${index}`;
    for (let delivery = 0; delivery < 2; delivery++) {
      const transfer = await request.post('/dev/bank/transfer', {
        data: { account_number: accountNumber, amount: 1_000, sender_name: 'Emeka Obi', reference },
      });
      expect(transfer.ok()).toBe(true);
    }
  }
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦3,000.00');
});
