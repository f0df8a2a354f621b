import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { MerchantDetails } from '../../core/contract';
import * as labels from '../../core/labels';
import { expect, expectToast, fund, signInReadyUser, test, typeCode } from '../support/e2e/journeys';

/**
 * The details a careful user notices: numeric fields that refuse letters however
 * they arrive, the shared pagination state, readable network failures, the education screen's
 * "Service", and a merchant verification that cannot pass for another number's.
 */

const UNREACHABLE = 'We could not reach Naira Wallet. Check your internet connection and try again.';

/**
 * Sets a field's value the way the browser's autofill does: programmatically, all at once and
 * past any maxlength (Chrome fits a phone number to the field itself), then one input event.
 */
async function autofill(field: Locator, text: string) {
  await field.evaluate((input: HTMLInputElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/**
 * Puts text into a field the three ways it arrives: typed key by key, pasted from the
 * clipboard, and autofilled. The field shows only what the rule keeps, at every moment.
 */
async function expectNumeric(
  page: Page,
  field: Locator,
  cases: { typed: [string, string]; pasted: [string, string]; autofilled: [string, string] },
) {
  await field.fill('');
  await field.pressSequentially(cases.typed[0]);
  await expect(field).toHaveValue(cases.typed[1]);

  await field.fill('');
  await page.evaluate((text) => navigator.clipboard.writeText(text), cases.pasted[0]);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(cases.pasted[1]);

  await field.fill('');
  await autofill(field, cases.autofilled[0]);
  await expect(field).toHaveValue(cases.autofilled[1]);
}

const grantClipboard = (context: BrowserContext) => context.grantPermissions(['clipboard-read', 'clipboard-write']);

test('letters typed, pasted or autofilled never appear in a numeric field', async ({ page, request, context }) => {
  await grantClipboard(context);
  await page.goto('/register');
  await expectNumeric(page, page.getByLabel('Phone number'), {
    typed: ['0a8b0c3', '0803'],
    pasted: ['0803x12345', '080312345'],
    autofilled: ['+234 803 123 4567', '08031234567'],
  });

  // No money and so no identity verified yet: the NIN and BVN fields are still to be typed.
  await signInReadyUser(page, request);
  await page.goto('/profile');
  await expectNumeric(page, page.getByLabel('Phone number'), {
    typed: ['0803o12', '080312'],
    pasted: ['tel0803123', '0803123'],
    autofilled: ['+234 (803) 123-4567', '08031234567'],
  });
  for (const label of ['NIN (National Identification Number)', 'BVN (Bank Verification Number)']) {
    await expectNumeric(page, page.getByLabel(label), {
      typed: ['12e45', '1245'],
      pasted: ['No.1234-56', '123456'],
      autofilled: ['ID 1234 5678 9012 34', '12345678901'],
    });
  }

  const beneficiaries: [route: string, label: string, autofilled: string][] = [
    ['/airtime', 'Phone number', '08031234567'],
    ['/internet', 'Phone number', '08031234567'],
    ['/electricity', 'Meter number', '2348031234567'],
    ['/betting', 'Account number', '2348031234567'],
    ['/cable', 'Smartcard number', '23480312345'],
    ['/education', 'ID number', '23480312345'],
  ];
  for (const [route, label, autofilled] of beneficiaries) {
    await page.goto(route);
    await expectNumeric(page, page.getByLabel(label, { exact: true }), {
      typed: ['45a01', '4501'],
      pasted: ['no: 45-01 99', '450199'],
      autofilled: ['+234 803 123 4567', autofilled],
    });
  }

  for (const route of ['/airtime', '/electricity', '/betting']) {
    await page.goto(route);
    await expectNumeric(page, page.getByLabel('Amount'), {
      typed: ['1e5.0.5x', '15.05'],
      pasted: ['₦1,500.755', '1500.75'],
      autofilled: ['NGN 2000', '2000'],
    });
  }
});

test("the dashboard shows the session's pagination (5) rows; Load more shows only for a full page with more revealed", async ({
  page,
  request,
}) => {
  // Ten transfers: the dashboard shows five; /activities one full page with nothing behind it.
  const { token } = await signInReadyUser(page, request, {
    funds: Array.from({ length: 10 }, (_, i) => 100 * (i + 1)),
  });
  await expect(page.locator('.recent .txn-row')).toHaveCount(5);

  await page.goto('/activities');
  const rows = page.locator('.txn-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // An eleventh: the first page is full and the server reveals more.
  await fund(request, token, 1_100);
  await page.reload();
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Leaving resets the shared state; coming back, the list reveals more again from its own answer.
  const tabs = page.getByRole('navigation', { name: 'Main' });
  await tabs.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.locator('.recent .txn-row')).toHaveCount(5);
  await tabs.getByRole('link', { name: 'Activities', exact: true }).click();
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
});

test('the server stops mid-journey: the toast says the connection failed and what to do', async ({ page, request }) => {
  const { user } = await signInReadyUser(page, request, { funds: 20_000 });
  await page.goto('/airtime');
  await page.getByLabel('Network').selectOption({ label: 'MTN' });
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Amount').fill('500');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toBeVisible();

  // From here on nothing reaches the server, as when it stops or the connection drops.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await typeCode(page, user.pin);
  await page
    .getByRole('dialog', { name: labels.transactionPin.message })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expectToast(page, UNREACHABLE);
  await expect(page.getByRole('alert').filter({ hasText: /Failed to fetch|\[POST\]|<no response>/ })).toHaveCount(0);
  // The form is kept for a retry.
  await expect(page.getByLabel('Phone number')).toHaveValue('08031234567');
});

test('/education names its plan field "Service"', async ({ page, request }) => {
  await signInReadyUser(page, request, { funds: 20_000 });
  await page.goto('/education');
  await page.getByLabel('Provider').selectOption({ label: 'WAEC' });
  await expect(page.getByLabel('Service', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Plan', { exact: true })).toHaveCount(0);
});

test("a meter changed after verification: the details say whose they are, a warning shows, and the receipt names the billed meter's holder", async ({
  page,
  request,
}) => {
  const { user, token } = await signInReadyUser(page, request, { funds: 20_000 });
  const holderOf = async (meter: string) => {
    const providers = await request.post('/api/fetch-providers', { headers: { Authorization: `Bearer ${token}` } });
    const ikeja = ((await providers.json()) as { data: Record<string, { id: number; name: string }[]> }).data[
      'electricity-bill'
    ].find((p) => p.name.startsWith('Ikeja'))!;
    const verified = await request.post('/api/verify-merchant', {
      headers: { Authorization: `Bearer ${token}` },
      data: { provider_id: ikeja.id, beneficiary: meter },
    });
    return ((await verified.json()) as { data: MerchantDetails }).data.name;
  };
  const [verifiedMeter, billedMeter] = ['45011234567', '45017654321'];
  const [verifiedHolder, billedHolder] = [await holderOf(verifiedMeter), await holderOf(billedMeter)];
  expect(billedHolder).not.toBe(verifiedHolder);

  await page.goto('/electricity');
  await page.getByLabel('Provider').selectOption({ label: 'Ikeja Electric (IKEDC)' });
  await page.getByLabel('Meter number').fill(verifiedMeter);
  await page.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: labels.verifyMerchant.message }).click();
  const details = page.getByRole('region', { name: 'Merchant details' });
  await expect(details).toContainText(`Meter${verifiedMeter}`);
  await expect(details).toContainText(verifiedHolder);
  await expect(details.getByRole('alert')).toHaveCount(0);

  await page.getByLabel('Meter number').fill(billedMeter);
  const warning = details.getByRole('alert');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`these details are for meter ${verifiedMeter}`);
  // Back to the number verified: the warning goes.
  await page.getByLabel('Meter number').fill(verifiedMeter);
  await expect(warning).toHaveCount(0);
  await page.getByLabel('Meter number').fill(billedMeter);
  await expect(warning).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  await typeCode(page, user.pin);
  await page
    .getByRole('dialog', { name: labels.transactionPin.message })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();

  await page.goto('/activities');
  // The purchase's row, not the cashback it earned (listed above it, newest first).
  await page
    .locator('.txn-row')
    .filter({ hasNotText: /cashback/i })
    .first()
    .click();
  const receipt = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(receipt).toContainText(billedMeter);
  await expect(receipt).toContainText(`Meter holder${billedHolder}`);
  await expect(receipt).not.toContainText(verifiedHolder);
  const download = page.waitForEvent('download');
  await receipt.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-.+\.png$/);
});
