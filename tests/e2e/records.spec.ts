import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import * as labels from '../../core/labels';
import { expect, fund, mailCount, newMail, type NewUser, signInReadyUser, test } from '../support/e2e/journeys';

/**
 * The user's records (saved beneficiaries, problem reports, statements), as a person uses them
 * at 360×740: a saved beneficiary picked on another
 * visit, a problem reported and acknowledged by e-mail, a statement downloaded whose totals
 * reconcile.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signedIn(page: Page, request: APIRequestContext): Promise<{ user: NewUser; token: string }> {
  const { user, token } = await signInReadyUser(page, request);
  return { user, token };
}

async function providerIdOf(
  request: APIRequestContext,
  token: string,
  category: string,
  name: string,
): Promise<number> {
  const response = await request.post('/api/fetch-providers', { headers: bearer(token) });
  return ((await response.json()) as { data: Record<string, { id: number; name: string }[]> }).data[category].find(
    (p) => p.name === name,
  )!.id;
}

/** An airtime purchase through the API (the purchase journeys themselves are in purchases.spec.ts). */
async function buyAirtime(request: APIRequestContext, token: string, user: NewUser, amount: number) {
  const provider_id = await providerIdOf(request, token, 'airtime', 'MTN');
  const response = await request.post('/api/airtime', {
    headers: { ...bearer(token), 'Idempotency-Key': `records-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { provider_id, beneficiary: '08031234567', amount, pin: user.pin },
  });
  expect(response.ok()).toBe(true);
}

test('a meter saved under a name on one visit is picked on the next, renamed and deleted', async ({
  page,
  request,
}) => {
  const { token } = await signedIn(page, request);
  const meter = '45011234567';
  const provider = 'Ikeja Electric (IKEDC)';

  await page.goto('/electricity');
  await page.getByLabel('Provider').selectOption({ label: provider });
  await page.getByLabel('Meter number').fill(meter);
  await page.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: labels.verifyMerchant.message }).click();
  const details = page.getByRole('region', { name: 'Merchant details' });
  await expect(details).toBeVisible();

  // The verified holder's name is offered as the name.
  await page.getByRole('button', { name: `Save ${meter} for next time` }).click();
  const name = page.getByLabel(`Name for ${meter}`);
  await expect(name).toBeFocused();
  const holder = await name.inputValue();
  expect(holder.length).toBeGreaterThan(0);
  await expect(details).toContainText(holder);
  await page.screenshot({ path: 'test-results/records-save-beneficiary.png' });
  await name.fill('Home meter');
  // Enter saves the name; it does not submit the purchase form.
  await name.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Saved as Home meter' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toHaveCount(0);

  // Another visit: the screen starts empty, and one tap fills the number and its provider.
  await page.goto('/dashboard');
  await page.goto('/electricity');
  await expect(page.getByLabel('Meter number')).toHaveValue('');
  const saved = page.getByRole('group', { name: 'Saved' });
  const chip = saved.getByRole('button', { name: `Home meter ${meter}` });
  await expect(chip).toBeVisible();
  await page.screenshot({ path: 'test-results/records-saved-chips.png' });
  await chip.click();
  await expect(page.getByLabel('Meter number')).toHaveValue(meter);
  await expect(page.getByLabel('Provider').locator('option:checked')).toHaveText(provider);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  // Saved already: nothing more to save.
  await expect(page.getByRole('button', { name: `Save ${meter} for next time` })).toHaveCount(0);

  // Manage: rename, then delete behind a confirmation.
  await saved.getByRole('button', { name: 'Manage' }).click();
  await page.getByRole('button', { name: 'Rename Home meter' }).click();
  await page.getByLabel(`New name for ${meter}`).fill("Mama's meter");
  await page.getByLabel(`New name for ${meter}`).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: "Renamed to Mama's meter" })).toBeVisible();
  await expect(saved.getByRole('button', { name: `Mama's meter ${meter}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/records-manage-beneficiaries.png' });
  await page.getByRole('button', { name: "Delete Mama's meter" }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Deleted' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saved' })).toHaveCount(0);

  const list = await request.post('/api/beneficiaries/list', {
    headers: bearer(token),
    data: { category: 'electricity-bill' },
  });
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
});

test('a problem reported on a transaction gets a case number, an e-mailed acknowledgement and its status on the transaction', async ({
  page,
  request,
}) => {
  const { user, token } = await signedIn(page, request);
  await fund(request, token, 2_000);
  await buyAirtime(request, token, user, 500);

  await page.goto('/activities');
  const row = page.locator('.txn-row').first();
  await expect(row).toContainText(/completed/i);
  await row.click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail).toBeVisible();
  const reference = (await detail.locator('dd.mono').textContent())!.trim();

  await detail.getByRole('button', { name: 'Report a problem' }).click();
  await expect(detail.getByLabel('What went wrong?')).toBeFocused();
  await detail.getByLabel('What went wrong?').selectOption({ label: 'Charged but not received' });
  await detail.getByLabel('Tell us more (optional)').fill('No airtime arrived on my line.');
  await expect(detail).toContainText(`Reference ${reference} is attached for you.`);
  await page.screenshot({ path: 'test-results/records-report-problem.png' });
  const mails = await mailCount(request, user.email);
  await detail.getByRole('button', { name: 'Send report' }).click();

  const toast = page.getByRole('alert').filter({ hasText: /Your case number is NW-[0-9A-Z]{8}\./ });
  await expect(toast).toBeVisible();
  const caseNumber = /NW-[0-9A-Z]{8}/.exec((await toast.textContent())!)![0];
  const status = detail.getByRole('status').filter({ hasText: `Case ${caseNumber}` });
  await expect(status).toContainText('Open');
  await page.screenshot({ path: 'test-results/records-problem-reported.png' });

  const mail = await newMail(request, user.email, mails);
  expect(mail.subject).toBe(`We received your report: case ${caseNumber}`);
  expect(mail.text).toContain(reference);
  expect(mail.text).toContain('No airtime arrived on my line.');

  // Opened again later: the case is still there.
  await detail.getByRole('button', { name: /close/i }).first().click();
  await row.click();
  await expect(
    page
      .getByRole('dialog', { name: 'Transaction details' })
      .getByRole('status')
      .filter({ hasText: `Case ${caseNumber}` }),
  ).toBeVisible();
});

test('a statement shows its totals, and the CSV and PDF downloaded reconcile to the kobo', async ({
  page,
  request,
}) => {
  const { user, token } = await signedIn(page, request);
  await fund(request, token, 20_000);
  await buyAirtime(request, token, user, 150.5);

  await page.goto('/more');
  await page.getByRole('link', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  const totals = page.locator('.statement-totals');
  // In: the ₦20,000 transfer and the airtime's 2 % cashback (₦3.01).
  await expect(totals).toContainText('Opening balance₦0.00');
  await expect(totals).toContainText('Money in₦20,003.01');
  await expect(totals).toContainText('Money out₦150.50');
  await expect(totals).toContainText('Closing balance₦19,852.51');
  await page.screenshot({ path: 'test-results/records-statement.png', fullPage: true });

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(
    /^naira-wallet-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const rows = (await readFile((await csvDownload.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));
  const kobo = (text: string) => (text === '' ? 0n : BigInt(text.replace('.', '')));
  const opening = kobo(rows[1][5]);
  const entries = rows.slice(2, -2);
  const credits = entries.reduce((sum, row) => sum + kobo(row[4]), 0n);
  const debits = entries.reduce((sum, row) => sum + kobo(row[3]), 0n);
  const closing = kobo(rows.at(-1)![5]);
  expect(rows.at(-1)![1]).toBe('Closing balance');
  expect([opening, credits, debits, closing]).toEqual([0n, 2_000_301n, 15_050n, 1_985_251n]);
  expect(opening + credits - debits).toBe(closing);
  expect(kobo(entries.at(-1)![5])).toBe(closing);

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await pdfDownload.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('alert').filter({ hasText: /Downloaded naira-wallet-statement-.*\.pdf/ })).toBeVisible();

  // A range with nothing in it says so, and still shows the balance it starts and ends on.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(totals).toHaveCount(0);
  await page.getByRole('button', { name: 'Show statement' }).click();
  await expect(page.getByText('No money moved in these dates')).toBeVisible();
  await page.screenshot({ path: 'test-results/records-statement-empty.png', fullPage: true });
});
