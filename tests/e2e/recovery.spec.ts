import {
  createReadyAccount,
  enterPin,
  expect,
  expectToast,
  fillAndContinue,
  fund,
  latestMail,
  logIn,
  mailCount,
  newMail,
  newUser,
  resetPathIn,
  services,
  signInReadyUser,
  test,
} from '../support/e2e/journeys';

const electricity = services.find((service) => service.route === '/electricity')!;
const NEW_PASSWORD = 'Another-pass-77';

/** The path of the "this wasn't me" link of a mail. */
const notMePathIn = (text: string) => {
  const url = /https?:\/\/\S+\/not-me\?token=\S+/.exec(text)?.[0];
  if (!url) throw new Error(`no "this wasn't me" link in: ${text}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
};

// The attack, in the browser: with the inbox alone, /forgot → /reset → /set-pin used to set a
// new pin and open the dashboard, and the wallet could be spent at once.
test('a reset link from the inbox changes the password only: the pin stays, and larger purchases wait a day', async ({
  page,
  request,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, 20_000);

  await page.goto('/forgot');
  await expect(page.getByText('purchases above ₦5,000.00 in total wait 24 hours')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/check your e-?mail/i).first()).toBeVisible();

  const resetMail = await latestMail(request, user.email);
  expect(resetMail.text).toContain('a reset changes only your password');
  await page.goto(resetPathIn(resetMail));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();

  // The same navigation as ever, but no pin is asked for: the account keeps its own.
  await expect(page).toHaveURL(/\/set-pin\?token=/);
  await expect(page.getByRole('heading', { name: 'Your password is reset' })).toBeVisible();
  await expect(page.getByText('Your transaction pin is unchanged')).toBeVisible();
  await expect(page.locator('input.code-box')).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in' }).click();

  await logIn(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/electricity');
  await fillAndContinue(page, { ...electricity, amount: '6000' }, electricity.beneficiary);
  await enterPin(page, user.pin);
  await expectToast(page, 'purchases above ₦5,000.00 in total wait until');

  // The owner was told at once, with a way to stop it.
  const told = await latestMail(request, user.email);
  expect(told.subject).toBe('Your Naira Wallet password was reset');
  expect(notMePathIn(told.text)).toMatch(/^\/not-me\?token=/);
});

test('"this wasn\'t me" from the e-mail signs every device out and locks the account until a new password', async ({
  page,
  request,
  browser,
}) => {
  const { user } = await signInReadyUser(page, request);

  // Someone else logs in from another browser: the owner is e-mailed.
  const before = await mailCount(request, user.email);
  const thief = await browser.newContext();
  const thiefPage = await thief.newPage();
  await logIn(thiefPage, user.email, user.password);
  await expect(thiefPage).toHaveURL(/\/dashboard$/);
  const notice = await newMail(request, user.email, before);
  expect(notice.subject).toBe('New sign-in to your Naira Wallet account');

  // The owner opens the link: nothing happens until they press the button.
  await page.goto(notMePathIn(notice.text));
  await expect(page.getByRole('heading', { name: 'This wasn’t you?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere and lock my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();

  // The other browser's session is gone; the password opens nothing until a reset.
  await thiefPage.goto('/activities');
  await expect(thiefPage).toHaveURL(/\/login$/);
  await thief.close();
  await logIn(page, user.email, user.password);
  await expectToast(page, 'this account is locked');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
});
