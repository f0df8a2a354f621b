import { phoneMessages } from '../../core/words/phone';
import {
  createReadyAccount,
  expect,
  expectToast,
  fund,
  logIn,
  newUser,
  signInReadyUser,
  test,
  textsTo,
} from '../support/e2e/journeys';

test('the dashboard asks for the phone once: a texted code verifies it, then a funding is texted to it', async ({
  page,
  request,
}) => {
  const { user, token } = await signInReadyUser(page, request);

  const prompt = page.getByRole('region', { name: 'Get a text for every payment' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, phoneMessages.codeSent.message);
  let texts: string[] = [];
  await expect.poll(async () => (texts = await textsTo(request, user.phone)).length).toBe(1);
  // The origin-bound last line a phone's browser reads: the host this page was opened at.
  const [, host, code] = /\n@(\S+) #(\d{6})$/.exec(texts[0]) ?? [];
  expect(host).toBe(new URL(page.url()).hostname);

  const field = prompt.getByLabel(`Code we texted to ${user.phone}`);
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(code);
  await prompt.getByRole('button', { name: 'Verify phone' }).click();
  await expectToast(page, phoneMessages.verified.message);
  await expect(prompt).toBeHidden();

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Texts to your phone' })).toContainText(`${user.phone} is verified`);

  await fund(request, token, 2_500);
  await expect
    .poll(async () => (await textsTo(request, user.phone))[0])
    .toMatch(/^Naira Wallet: N2,500\.00 added to your wallet from Emeka Obi/);
});

test('"Not now" puts the prompt off on this browser; /profile still offers the code', async ({ page, request }) => {
  const user = newUser();
  await createReadyAccount(request, user);
  await logIn(page, user.email, user.password);
  const prompt = page.getByRole('region', { name: 'Get a text for every payment' });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  // Once the server has said again that the phone is not verified, the prompt still stays away.
  const polled = page.waitForResponse((response) => response.url().includes('/api/get-user'));
  await page.reload();
  await polled;
  await expect(page.getByRole('region', { name: 'Total balance' })).toBeVisible();
  await expect(prompt).toBeHidden();

  await page.goto('/profile');
  const status = page.getByRole('region', { name: 'Texts to your phone' });
  await expect(status.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await textsTo(request, user.phone)).toEqual([]);
});
