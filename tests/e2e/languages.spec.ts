import type { APIRequestContext } from '@playwright/test';
import {
  createReadyAccount,
  enterPin,
  expect,
  expectToast,
  fillAndContinue,
  fund,
  logIn,
  mailCount,
  newMail,
  newUser,
  services,
  test,
  textsTo,
} from '../support/e2e/journeys';

/** Verifies the account's phone through the API, with the code the development sender texted. */
async function verifyPhone(request: APIRequestContext, token: string, phone: string) {
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.post('/api/send-phone-code', { headers, data: {} })).ok()).toBe(true);
  const [code] = /#(\d{6})$/.exec((await textsTo(request, phone))[0])?.slice(1) ?? [];
  expect((await request.post('/api/verify-phone', { headers, data: { otp: code } })).ok()).toBe(true);
}

test('the language picked on /more is the one the next purchase is answered, texted and e-mailed in', async ({
  page,
  request,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await verifyPhone(request, token, user.phone);
  await fund(request, token, 2_000);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/more');
  const languages = page.getByRole('group', { name: 'Language' });
  await expect(languages.getByRole('radio', { name: /^English/ })).toBeChecked();
  await expect(languages.getByRole('radio', { name: /Yorùbá \(Yoruba\)\s*beta/ })).toBeVisible();
  await languages.getByRole('radio', { name: /Yorùbá/ }).check();
  // Said in the language just chosen.
  await expectToast(page, 'a ti fi èdè rẹ pamọ́');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Language' }).getByRole('radio', { name: /Yorùbá/ })).toBeChecked();

  const airtime = services[0];
  const mails = await mailCount(request, user.email);
  const texts = (await textsTo(request, user.phone)).length;
  await page.goto(airtime.route);
  await fillAndContinue(page, airtime, airtime.beneficiary);
  await enterPin(page, user.pin);
  await expectToast(page, 'rírà ti yọrí sí rere: ₦500.00 MTN airtime');

  const receipt = await newMail(request, user.email, mails);
  expect(receipt.subject).toMatch(/^Rìsíìtì rẹ fún ₦500\.00 MTN airtime/);
  expect(receipt.text).toContain('Rìsíìtì: rírà');
  await expect.poll(async () => (await textsTo(request, user.phone)).length).toBe(texts + 1);
  // A text is plain: Yoruba's marks are dropped as a name's are.
  expect((await textsTo(request, user.phone))[0]).toMatch(/^Naira Wallet: o ti san N500\.00 fun /);
});
