import { readFileSync } from 'node:fs';
import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import * as labels from '../../core/labels';
import { scheduleWords } from '../../core/words/schedules';
import {
  createReadyAccount,
  expect,
  expectToast,
  fillAndContinue,
  fund,
  lagos,
  latestMail,
  logIn,
  newUser,
  runSoon,
  services,
  test,
} from '../support/e2e/journeys';

/**
 * Passkeys in Chromium, with its virtual authenticator (the DevTools protocol's WebAuthn domain: a
 * CTAP2 platform authenticator that holds resident keys and verifies its user, as a phone's screen
 * lock does). Browsers give no passkey to an IP address, so the pages are opened at `localhost`,
 * the relying party the servers derive from their loopback addresses (WEBAUTHN_ORIGIN).
 */

const local = (url: string) => url.replace('//127.0.0.1:', '//localhost:');
const OPS = local(process.env.E2E_OPS_URL!);
const STAFF_PASSWORD = 'Console-desk-2026!';
const PASSKEY_REFUSED = 'this passkey could not be checked: try again, or use your password or pin';
const airtime = services.find((service) => service.route === '/airtime')!;

interface Plan {
  id: number;
  name: string;
  amount: number;
}

test.use({ baseURL: local(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3456)}`) });

/** A platform authenticator with the screen lock set, on this page's browser tab. */
async function phoneOf(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/get-user', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  return ((await response.json()) as { data: { wallet_balance: number } }).data.wallet_balance;
}

/** A call of the API as this account, which must succeed: its data. */
async function called<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await response.json()) as { message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

async function addPasskeyOnProfile(page: Page, password: string) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByLabel('Passkey name').fill('My phone');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expectToast(page, 'passkey added');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('My phone');
}

async function logOut(page: Page) {
  await page.goto('/more');
  await page.getByRole('button', { name: /log ?out/i }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /log ?out/i })
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Opens /login, whose e-mail field offers the phone's passkeys (conditional mediation): the virtual
 * authenticator, whose user is always present, answers that offer at once, as a person picking the
 * suggested passkey does.
 */
async function signInByAutofill(page: Page) {
  await page.goto('/login');
}

/**
 * A new customer, ready and funded with `naira`, signed in on a phone that holds the passkey they
 * just added on /profile.
 */
async function customerWithPasskey(page: Page, request: APIRequestContext, naira: number) {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, naira);
  await phoneOf(page);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await addPasskeyOnProfile(page, user.password);
  return { user, token };
}

test('add a passkey, sign out, sign in with it and buy airtime confirmed with it; removed, it signs nobody in', async ({
  page,
  request,
}) => {
  const { user, token } = await customerWithPasskey(page, request, 5_000);
  expect((await latestMail(request, user.email)).subject).toBe('A passkey was added to your Naira Wallet account');

  await logOut(page);
  await signInByAutofill(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The pin dialog offers the passkey first; the pin stays one tap away.
  const before = await balanceOf(request, token);
  await page.goto(airtime.route);
  const dialog = await fillAndContinue(page, airtime, airtime.beneficiary);
  await expect(dialog.getByRole('button', { name: 'Use my pin instead' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm with passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();
  await expect.poll(() => balanceOf(request, token)).toBeLessThan(before);

  // Removed: the phone still holds the key, but the account no longer knows it.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove My phone' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'passkey removed');
  expect((await latestMail(request, user.email)).subject).toBe('A passkey was removed from your Naira Wallet account');
  await logOut(page);
  await signInByAutofill(page);
  await expectToast(page, PASSKEY_REFUSED);
  await expect(page).toHaveURL(/\/login$/);
});

test('"Sign in with a passkey" asks the phone; a credential whose signature counter went back is refused', async ({
  page,
  request,
}) => {
  const user = newUser();
  await createReadyAccount(request, user);
  const { cdp, authenticatorId } = await phoneOf(page);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await addPasskeyOnProfile(page, user.password);

  // The button, in a browser that offers passkeys in no autofill (no conditional mediation). The key
  // is kept aside while the page being left still offers it.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const [key] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: key.credentialId });
  await logOut(page);
  await page.goto('/login');
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: key });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A copy of the key, as a cloned authenticator would hold it: the same private key, its counter back at 0.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].signCount).toBeGreaterThan(0);
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credentials[0].credentialId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...credentials[0], signCount: 0 } });

  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, PASSKEY_REFUSED);
  await expect(page).toHaveURL(/\/login$/);
});

test("another account's passkey is refused for this account's purchase", async ({ page, request }) => {
  const owner = newUser();
  await createReadyAccount(request, owner);
  const { cdp, authenticatorId } = await phoneOf(page);
  await logIn(page, owner.email, owner.password);
  // Signed in before /profile is opened: leaving /login sooner would cut the sign-in off.
  await expect(page).toHaveURL(/\/dashboard$/);
  await addPasskeyOnProfile(page, owner.password);
  const [ownersKey] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  // Kept aside while the other account logs in with its password: taken out before the sign-out,
  // since /login's passkey autofill, once started, would sign its owner back in.
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: ownersKey.credentialId });
  await logOut(page);

  // Another account, with a passkey of its own on the same phone.
  const other = newUser();
  const token = await createReadyAccount(request, other);
  await fund(request, token, 2_000);
  await logIn(page, other.email, other.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await addPasskeyOnProfile(page, other.password);
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: ownersKey });
  const before = await balanceOf(request, token);

  // This session's confirmation, answered by the first account's key (the phone asked for it by id).
  const answer = await page.evaluate(async (credentialId) => {
    const stored = localStorage.getItem('user_token') ?? '';
    const started = await fetch('/api/passkeys/confirm/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stored}` },
      body: '{}',
    });
    const { data } = (await started.json()) as { data: { ceremony: string; options: { challenge: string } } };
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const text = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: bytes(data.options.challenge),
        rpId: location.hostname,
        allowCredentials: [{ type: 'public-key', id: bytes(credentialId) }],
        userVerification: 'required',
      },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAssertionResponse;
    return {
      ceremony: data.ceremony,
      token: stored,
      response: {
        id: credential.id,
        rawId: text(credential.rawId),
        type: 'public-key',
        response: {
          clientDataJSON: text(response.clientDataJSON),
          authenticatorData: text(response.authenticatorData),
          signature: text(response.signature),
          userHandle: response.userHandle ? text(response.userHandle) : undefined,
        },
        clientExtensionResults: {},
      },
    };
  }, Buffer.from(ownersKey.credentialId, 'base64').toString('base64url'));

  const mtn = await request.post('/api/fetch-providers', {
    headers: { Authorization: `Bearer ${answer.token}` },
    data: {},
  });
  const providers = ((await mtn.json()) as { data: Record<string, { id: number; name: string }[]> }).data;
  const provider = providers.airtime.find((candidate) => candidate.name === 'MTN')!;
  const refused = await request.post('/api/airtime', {
    headers: { Authorization: `Bearer ${answer.token}`, 'Idempotency-Key': `passkey-${Date.now()}` },
    data: {
      provider_id: provider.id,
      beneficiary: '08031234567',
      amount: 100,
      passkey: { ceremony: answer.ceremony, response: answer.response },
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(PASSKEY_REFUSED);
  expect(await balanceOf(request, token)).toBe(before);
});

test('staff sign in with a passkey and approve a money request with it', async ({ page, request }) => {
  const codeOf = (secret: string, stepsAhead = 0) =>
    generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
  const ops = async <T>(path: string, data: object, token?: string) => {
    const response = await request.post(`${OPS}/ops/api/${path}`, {
      data,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status(), body: (await response.json()) as { message: string; data: T } };
  };
  /** An admin `npm run staff` created for this journey: invitation accepted, authenticator enrolled. */
  const enrolled = async (file: string) => {
    const invitation = /#invitation=([A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))![1];
    const accepted = await ops<{ token: string }>('invitation/accept', { invitation, password: STAFF_PASSWORD });
    expect(accepted.status, accepted.body.message).toBe(200);
    const started = await ops<{ secret: string }>('enrolment/start', {}, accepted.body.data.token);
    const { secret } = started.body.data;
    const done = await ops<{ token: string; staff: { email: string } }>(
      'enrolment/confirm',
      { code: codeOf(secret) },
      accepted.body.data.token,
    );
    expect(done.status, done.body.message).toBe(200);
    return { secret, token: done.body.data.token, email: done.body.data.staff.email };
  };
  const maker = await enrolled(process.env.E2E_PASSKEY_MAKER_INVITATION!);
  const checker = await enrolled(process.env.E2E_PASSKEY_CHECKER_INVITATION!);

  const customer = newUser();
  const customerToken = await createReadyAccount(request, customer);
  const found = await ops<{ id: number }[]>('customers/search', { query: customer.email }, maker.token);
  const asked = await ops<{ id: number }>(
    'money/requests/create',
    {
      kind: 'goodwill-credit',
      amount: 750,
      customer_id: found.body.data[0].id,
      reason: 'A refund of airtime the biller never delivered',
      code: codeOf(maker.secret, 1),
    },
    maker.token,
  );
  expect(asked.status, asked.body.message).toBe(201);
  const before = await balanceOf(request, customerToken);

  // The checker adds a passkey, signed in with the code, then signs in again with the passkey alone.
  await phoneOf(page);
  await page.goto(`${OPS}/sign-in`);
  await page.getByLabel('E-mail').fill(checker.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code', { exact: true }).fill(codeOf(checker.secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your passkeys' });
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await panel.getByLabel(/Name of this passkey/).fill('Desk laptop');
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(panel.getByRole('cell', { name: 'Desk laptop', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto(`${OPS}/sign-in`);
  await page.getByLabel('E-mail').fill(checker.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();

  await page.getByRole('link', { name: 'Approvals' }).click();
  const pending = page.getByRole('listitem').filter({ hasText: `#${asked.body.data.id}` });
  await pending.getByRole('button', { name: 'Approve…' }).click();
  await pending.getByRole('button', { name: 'Approve with passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Approved: the money has moved.' })).toBeVisible();
  expect(await balanceOf(request, customerToken)).toBe(before + 750);
});

// A journey of the clock (playwright.config.ts, passkeyClockJourneys): the schedule's run must come.
test("a schedule's new price accepted with the passkey on /schedules", async ({ page, request }) => {
  const { user, token } = await customerWithPasskey(page, request, 5_000);

  // A weekly data schedule, authorised with the pin; then its plan is sold dearer, as a catalogue
  // sync reprices one, before its first run comes.
  const providers = await called<Record<string, { id: number; name: string; packages: Plan[] }[]>>(
    request,
    token,
    '/api/fetch-providers',
    {},
  );
  const mtn = providers.data.find((provider) => provider.name === 'MTN')!;
  const plan = mtn.packages.find((candidate) => candidate.name === 'MTN 500MB – 7 days')!;
  const runAt = await runSoon(request);
  const when = lagos(runAt);
  await called(request, token, '/api/schedules/create', {
    ...{ name: 'Weekly data', category: 'data', provider_id: mtn.id, package_id: plan.id, beneficiary: '08031234567' },
    ...{ frequency: 'weekly', weekday: when.weekday, time: when.time, end: { kind: 'never' }, pin: user.pin },
  });
  const dearer = await called<{ package_id: number }>(request, token, '/dev/catalog/reprice', {
    package_id: plan.id,
    amount: plan.amount + 100,
  });
  try {
    const moved = await called<{ ran: { failed: number } }>(request, token, '/dev/clock', { to: runAt.toISOString() });
    expect(moved.ran.failed).toBe(1);

    // The pin dialog offers the passkey first, for the new price as for a purchase.
    await page.goto('/schedules');
    const card = page.getByRole('listitem').filter({ hasText: 'Weekly data' });
    await expect(card).toContainText('Paused: the price rose above what you authorised.');
    await card.getByRole('button', { name: scheduleWords.acceptNewPrice }).click();
    const dialog = page.getByRole('dialog', { name: labels.transactionPin.message });
    await expect(dialog.getByRole('button', { name: 'Use my pin instead' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm with passkey' }).click();
    await expectToast(page, scheduleWords.priceAccepted);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Bought ₦');
    await expect(card.getByRole('button', { name: scheduleWords.acceptNewPrice })).toHaveCount(0);
  } finally {
    // Sold at its own price again, the plan takes its own row back for the journeys after this one.
    await called(request, token, '/dev/catalog/reprice', { package_id: dearer.package_id, amount: plan.amount });
  }
});

test('the pin dialog keeps the pin one tap away', async ({ page, request }) => {
  await customerWithPasskey(page, request, 2_000);
  await page.goto(airtime.route);
  const dialog = await fillAndContinue(page, airtime, airtime.beneficiary);
  await dialog.getByRole('button', { name: 'Use my pin instead' }).click();
  await expect(page.getByRole('dialog', { name: labels.transactionPin.message }).locator('input.code-box')).toHaveCount(
    4,
  );
});
