import type { BrowserContext, Page } from '@playwright/test';
import {
  createReadyAccount,
  enterPin,
  expect,
  fillAndContinue,
  fund,
  newUser,
  services,
  test,
} from '../support/e2e/journeys';

// The Stately inspector: it opens on the build made for it (`npm run preview:inspect`,
// served beside the real server by playwright.config.ts), never on the production build, and
// what it is sent holds no password, pin, session token or bought token.

const inspectorBuild = process.env.E2E_INSPECT_URL!;
const electricity = services.find((service) => service.route === '/electricity')!;

/**
 * Stands in for https://stately.ai/inspect: answers the inspector's handshake as the real window
 * does, then keeps every message the app posts to it, as JSON, in `window.received`.
 */
async function recordInspectorWindow(context: BrowserContext) {
  await context.route('https://stately.ai/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>
        window.received = [];
        addEventListener('message', (event) => received.push(JSON.stringify(event.data)));
        opener.postMessage({ type: '@statelyai.connected' }, '*');
      </script>`,
    }),
  );
}

const received = (inspector: Page) =>
  inspector.evaluate(() => (window as unknown as { received: string[] }).received.join('\n'));

test('the production build opens no inspector, even when the URL asks for one', async ({ page, context }) => {
  await recordInspectorWindow(context);
  await page.goto('/login?inspect');
  // The session's layout loads the inspector, when the build has one, before the form renders.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(context.pages()).toEqual([page]);
});

test('the inspector build shows the flows with every secret masked', async ({ page, context, request }) => {
  const user = newUser();
  await fund(request, await createReadyAccount(request, user), 5000);
  await recordInspectorWindow(context);

  const opened = context.waitForEvent('page');
  await page.goto(`${inspectorBuild}/login?inspect`);
  const inspector = await opened;
  expect(inspector.url()).toBe('https://stately.ai/inspect');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const sessionToken = await page.evaluate(() => localStorage.getItem('user_token'));
  expect(sessionToken).toBeTruthy();

  // A purchase through the app's own navigation, so the same page (and inspector) sees it all.
  await page.getByRole('navigation', { name: 'Pay bills' }).getByRole('link', { name: 'Electricity' }).click();
  await fillAndContinue(page, electricity, electricity.beneficiary);
  await enterPin(page, user.pin);
  const result = page.getByRole('region', { name: 'Token' });
  await expect(result).toBeVisible();
  const boughtToken = /\d{4}(?:-\d{4}){4}/.exec((await result.textContent()) ?? '')?.[0];
  expect(boughtToken).toBeTruthy();

  await expect.poll(async () => (await received(inspector)).includes('xstate.done.actor.purchase')).toBe(true);
  const seen = await received(inspector);
  // It was shown the flows: the typing, the pin boxes, the calls and their answers.
  for (const type of ['login.change', 'xstate.done.actor.login', 'form.beneficiary', 'pin.change', 'pin.accepted'])
    expect(seen).toContain(type);
  expect(seen).toContain(electricity.beneficiary);
  expect(seen).toContain('"field":"password","value":"•••"');
  // And none of the secrets.
  const digits = user.pin
    .split('')
    .map((digit) => `"${digit}"`)
    .join(',');
  for (const secret of [user.password, `"${user.pin}"`, digits, sessionToken!, boughtToken!])
    expect(seen).not.toContain(secret);
});
