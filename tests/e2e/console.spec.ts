import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { POLL_INTERVAL_MS } from '../../core/limits';
import {
  accountNumbers,
  createReadyAccount,
  enterPin,
  expect,
  expectToast,
  fund,
  latestMail,
  logIn,
  newUser,
  test,
} from '../support/e2e/journeys';

/**
 * The operator console, in Chromium, on its own listener (OPS_PORT): the first admin (created
 * by `npm run staff` before the server started, as was a second) enrols; a finance account one
 * admin asks for is created once the other approves it, its invitation in the invitee's mailbox
 * alone; support signs in with a code, finds a customer, requeries a stuck bill and resolves the
 * case; finance matches a suspended transfer that a second finance user approves. Codes are
 * computed here from each enrolment's secret: the code of this 30-second step, and once a step
 * was used, the next step's, which the server accepts as clock drift; nothing waits for the clock.
 */

const OPS = process.env.E2E_OPS_URL!;
const PASSWORD = 'Console-desk-2026!';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const codeOf = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

test.describe.configure({ mode: 'serial' });

interface Staff {
  email: string;
  secret: string;
  recoveryCodes: string[];
}

let adminToken = '';
/** The two admins `npm run staff` created: each approves what the other asks for. */
let firstAdmin: Staff;
let secondAdmin: Staff & { token: string };
/** The finance account the admins made in the staff journey: the checker of the money journey. */
let approvedFinance: Staff;

async function opsPost<T>(
  request: APIRequestContext,
  path: string,
  data: object,
  token?: string,
): Promise<{ status: number; body: { message: string; data: T } }> {
  const response = await request.post(`${OPS}/ops/api/${path}`, { data, headers: token ? bearer(token) : {} });
  return { status: response.status(), body: await response.json() };
}

/** Accepts an invitation and enrols an authenticator app through the API (this step's code spent). */
async function enrolled(request: APIRequestContext, email: string, invitation: string) {
  const accepted = await opsPost<{ token: string }>(request, 'invitation/accept', { invitation, password: PASSWORD });
  expect(accepted.status, accepted.body.message).toBe(200);
  const { secret } = (await opsPost<{ secret: string }>(request, 'enrolment/start', {}, accepted.body.data.token)).body
    .data;
  const first = { code: codeOf(secret) };
  type Done = { token: string; recovery_codes: string[] };
  const confirmed = await opsPost<Done>(request, 'enrolment/confirm', first, accepted.body.data.token);
  expect(confirmed.status, confirmed.body.message).toBe(200);
  const { token, recovery_codes: recoveryCodes } = confirmed.body.data;
  return { email, secret, recoveryCodes, token };
}

/** Every mail the server sent `email` (development outbox). */
async function mailTo(request: APIRequestContext, email: string): Promise<{ text: string }[]> {
  const mailbox = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await mailbox.json()) as { data: { text: string }[] }).data;
}

/** The invitation token of the link mailed to `email`: the console answers no link, only where it went. */
async function mailedInvitation(request: APIRequestContext, email: string): Promise<string> {
  const link = /#invitation=([A-Za-z0-9_-]+)/.exec((await latestMail(request, email)).text);
  expect(link, `an invitation in ${email}'s mailbox`).not.toBeNull();
  return link![1];
}

/**
 * A staff member the admins invited, whose invitation (from their mailbox) was accepted and
 * authenticator enrolled (this step's code spent). A finance account is asked for by the second
 * admin and approved by the first, with their code (the next step's: this one went at enrolment).
 */
async function invitedStaff(request: APIRequestContext, role: 'support' | 'finance'): Promise<Staff> {
  const email = `${role}.${randomUUID().slice(0, 8)}@ops.test`;
  const asker = role === 'finance' ? secondAdmin.token : adminToken;
  const invite = { email, name: `${role} desk`, role };
  const created = await opsPost<{ change: { id: number } | null }>(request, 'staff/create', invite, asker);
  expect(created.status, created.body.message).toBe(role === 'finance' ? 202 : 201);
  if (role === 'finance') {
    const approval = { change_id: created.body.data.change!.id, code: codeOf(firstAdmin.secret, 1) };
    const approved = await opsPost(request, 'staff/changes/approve', approval, adminToken);
    expect(approved.status, approved.body.message).toBe(200);
  }
  return enrolled(request, email, await mailedInvitation(request, email));
}

/** Signs in through the console's page, with a code (the next step's: this one was spent at enrolment) or a recovery code. */
async function signIn(page: Page, staff: Staff, code: string) {
  await page.goto(`${OPS}/sign-in`);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
}

const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('console_token') ?? '');

async function customerIdOf(page: Page, email: string): Promise<number> {
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel(/E-mail, phone/).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Customers found' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  return Number(/\/customers\/(\d+)$/.exec(page.url())![1]);
}

test('the first admin opens the invitation, chooses a password and enrols an authenticator app from the QR code', async ({
  page,
}) => {
  const invitation = readFileSync(process.env.E2E_ADMIN_INVITATION!, 'utf8').trim();
  await page.goto(invitation);
  // The invitation leaves the address bar once read.
  await expect(page).toHaveURL(`${OPS}/setup`);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code the app shows now').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const shown = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  const recoveryCodes = shown.map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff' })).toBeVisible();
  adminToken = await tokenOf(page);
  firstAdmin = { email: 'admin@ops.test', secret, recoveryCodes };
});

test('a finance account one admin asks for exists once the other approves it; only the invitee gets the link', async ({
  page,
  request,
  browser,
}) => {
  const secondLink = readFileSync(process.env.E2E_SECOND_ADMIN_INVITATION!, 'utf8').trim();
  secondAdmin = await enrolled(request, 'admin2@ops.test', new URL(secondLink).hash.replace('#invitation=', ''));
  const email = `finance.${randomUUID().slice(0, 8)}@ops.test`;
  await signIn(page, firstAdmin, firstAdmin.recoveryCodes[0]);
  await page.getByRole('link', { name: 'Staff' }).click();
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Name').fill('Funmi Bello');
  await invite.getByLabel('Role').selectOption('finance');
  await invite.getByRole('button', { name: 'Create and invite' }).click();
  const asked = 'Asked: another admin must approve it before the account exists';
  await expect(page.getByRole('alert').filter({ hasText: asked })).toBeVisible();
  const mine = page.getByRole('listitem').filter({ hasText: email });
  await expect(mine).toContainText('You asked for this: another admin must approve it.');
  await expect(mine.getByRole('button', { name: 'Approve…' })).toHaveCount(0);
  // The server refuses it too, whatever the page shows, and nothing was created or mailed.
  const changeId = Number(/#(\d+)/.exec((await mine.textContent())!)![1]);
  const ownApproval = { change_id: changeId, code: codeOf(firstAdmin.secret, 1) };
  const own = await opsPost(request, 'staff/changes/approve', ownApproval, await tokenOf(page));
  expect([own.status, own.body.message]).toEqual([403, 'you asked for this yourself: another admin must approve it']);
  expect(await mailTo(request, email)).toEqual([]);

  const desk = await signedInPage(browser);
  await signIn(desk.page, secondAdmin, secondAdmin.recoveryCodes[0]);
  await desk.page.getByRole('link', { name: 'Staff' }).click();
  const pending = desk.page.getByRole('listitem').filter({ hasText: email });
  await pending.getByRole('button', { name: 'Approve…' }).click();
  await pending.getByLabel('Code from your authenticator app').fill(codeOf(secondAdmin.secret, 1));
  await pending.getByRole('button', { name: 'Approve', exact: true }).click();
  const approved = `Approved: account created, invitation sent to ${email}`;
  await expect(desk.page.getByRole('alert').filter({ hasText: approved })).toBeVisible();
  await expect(desk.page.getByRole('status').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  await expect(pending).toContainText('approved by admin2@ops.test');
  // Where it went, never what it was: no link on either admin's page, none in their mailboxes.
  await expect(desk.page.getByText('#invitation=')).toHaveCount(0);
  for (const admin of [firstAdmin.email, secondAdmin.email]) {
    expect((await mailTo(request, admin)).filter((mail) => mail.text.includes('#invitation='))).toEqual([]);
  }
  approvedFinance = await enrolled(request, email, await mailedInvitation(request, email));
  await desk.close();
});

test('a support user signs in with a code, finds a customer by phone, requeries a stuck bill and resolves its case; the customer gets the e-mail', async ({
  page,
  request,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, 2_000);
  const providers = (await (await request.post('/api/fetch-providers', { headers: bearer(token) })).json()) as {
    data: Record<string, { id: number; name: string }[]>;
  };
  // A number ending in 0005: the simulated biller answers pending, and pending again on every requery.
  const bought = await request.post('/api/airtime', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: {
      provider_id: providers.data.airtime.find((provider) => provider.name === 'MTN')!.id,
      beneficiary: '08031230005',
      amount: 500,
      pin: user.pin,
    },
  });
  const bill = ((await bought.json()) as { data: { id: number; reference: string; status: string } }).data;
  expect(bill.status).toBe('processing');
  await request.post('/api/problem-reports/create', {
    headers: bearer(token),
    data: { transaction_id: bill.id, reason: 'still-processing', note: 'My airtime never came' },
  });

  const support = await invitedStaff(request, 'support');
  await signIn(page, support, codeOf(support.secret, 1));
  // Support sees no money pages.
  await expect(page.getByRole('link', { name: 'Suspense' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel(/E-mail, phone/).fill(user.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Customers found' }).getByRole('link', { name: user.name }).click();
  await expect(page.getByRole('heading', { name: user.name })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: bill.reference });
  await expect(row).toContainText('processing');
  await expect(row).toContainText('08031230005');
  await row.getByRole('button', { name: 'Requery now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The bill is processing' })).toBeVisible();

  const theCase = page.getByRole('listitem').filter({ hasText: 'My airtime never came' });
  await theCase.getByRole('button', { name: 'Start review' }).click();
  await expect(theCase).toContainText('in-review');
  await theCase.getByRole('button', { name: 'Resolve' }).click();
  const note = 'MTN confirmed the airtime is delayed on their side; it will arrive within the hour.';
  await theCase.getByLabel(/Note to the customer/).fill(note);
  await theCase.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /is resolved: the customer has been told/ })).toBeVisible();
  await expect(page.getByText(`Resolved: ${note}`)).toBeVisible();

  const mail = await latestMail(request, user.email);
  expect(mail.subject).toMatch(/^Case NW-[0-9A-Z]{8} resolved$/);
  expect(mail.text).toContain(note);
  const seen = (await (
    await request.post('/api/problem-reports/fetch', { headers: bearer(token), data: { transaction_id: bill.id } })
  ).json()) as { data: { status: string; resolution_note: string } };
  expect(seen.data).toMatchObject({ status: 'resolved', resolution_note: note });
});

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  return (
    (await (await request.post('/api/get-user', { headers: bearer(token) })).json()) as {
      data: { wallet_balance: number };
    }
  ).data.wallet_balance;
}

async function signedInPage(browser: Browser) {
  // Another person at another desk: a browser context of their own, so a session of their own.
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test("support pauses a failing network in the console: the customer's screen says so and its purchase is refused with nothing moved; resumed, it is sold again", async ({
  page,
  request,
  browser,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  await fund(request, token, 1_000);
  // The customer's screen, on a clock of its own: the catalogue poll comes when the journey moves it.
  await page.clock.install();
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/airtime');
  // 9mobile: no other journey buys it, so pausing it holds nobody else up.
  await page.getByLabel('Network').selectOption({ label: '9mobile' });
  await page.getByLabel('Phone number').fill('08091234567');
  await page.getByLabel('Amount').fill('100');

  const desk = await signedInPage(browser);
  const support = await invitedStaff(request, 'support');
  await signIn(desk.page, support, codeOf(support.secret, 1));
  await desk.page.getByRole('link', { name: 'Products' }).click();
  const row = desk.page.getByRole('region', { name: 'Airtime' }).getByRole('row', { name: /9mobile/ });
  await expect(row).toContainText('Sold');
  await row.getByRole('button', { name: 'Pause' }).click();
  const reason = '9mobile airtime fails at the aggregator since 09:10';
  await row.getByLabel('Why you are pausing 9mobile').fill(reason);
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText(`Paused by ${support.email}`);

  // The next catalogue poll carries the pause: the screen says why and what to do, and Continue waits.
  await page.clock.runFor(POLL_INTERVAL_MS);
  const notice = page
    .getByRole('status')
    .filter({ hasText: '9mobile Airtime is paused while our team fixes a problem' });
  await expect(notice).toContainText('It will be back as soon as it is fixed; meanwhile choose another network.');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByLabel('Network').locator('option', { hasText: '9mobile (paused)' })).toHaveCount(1);
  // A purchase that reaches the server anyway is refused before any money moves.
  const before = await balanceOf(request, token);
  const providers = (await (await request.post('/api/fetch-providers', { headers: bearer(token) })).json()) as {
    data: { airtime: { id: number; name: string }[] };
  };
  const refused = await request.post('/api/airtime', {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: {
      provider_id: providers.data.airtime.find((provider) => provider.name === '9mobile')!.id,
      beneficiary: '08091234567',
      amount: 100,
      pin: user.pin,
    },
  });
  expect([refused.status(), refused.headers()['retry-after']]).toEqual([503, '900']);
  expect(((await refused.json()) as { data: { reason: string } }).data.reason).toBe('product-paused');
  expect(await balanceOf(request, token)).toBe(before);

  await row.getByRole('button', { name: 'Resume' }).click();
  await row.getByLabel('Why 9mobile may be sold again').fill('The aggregator says 9mobile delivers again');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row).toContainText('Sold');
  await page.clock.runFor(POLL_INTERVAL_MS);
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPin(page, user.pin);
  await expectToast(page, 'purchase successful');

  const audit = await opsPost<{ actor: string; action: string; after: { reason: string } }[]>(
    request,
    'audit/list',
    { action: 'product.pause' },
    adminToken,
  );
  expect(audit.body.data.find((entry) => entry.actor === support.email)?.after.reason).toBe(reason);
  await desk.close();
});

test('a finance maker matches a suspended transfer; a second finance user approves it and the balance moves once; nobody approves their own', async ({
  page,
  request,
  browser,
}) => {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  // A customer as the suspense queue meets them: identity verified and accounts opened.
  expect((await accountNumbers(request, token)).length).toBeGreaterThan(0);
  const reference = `E2E${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const transfer = await request.post('/dev/bank/transfer', {
    data: { account_number: '0000014579', amount: 3_000, sender_name: 'Kemi Adebayo', reference },
  });
  expect(((await transfer.json()) as { data: { status: string } }).data.status).toBe('unmatched');
  const before = await balanceOf(request, token);

  const [maker, checker] = [await invitedStaff(request, 'finance'), approvedFinance];
  // The maker signs in with a recovery code, keeping the next code for the re-authentication.
  await signIn(page, maker, maker.recoveryCodes[0]);
  const customerId = await customerIdOf(page, user.email);
  await page.getByRole('link', { name: 'Suspense' }).click();
  const held = page.getByRole('listitem').filter({ hasText: reference });
  await held.getByLabel('Customer number').fill(String(customerId));
  await held.getByRole('button', { name: 'Match to this customer…' }).click();
  await held.getByLabel(/Reason/).fill('Sent to the old account number by mistake; the customer showed the receipt');
  await held.getByRole('button', { name: 'Continue' }).click();
  await held.getByLabel('Code from your authenticator app').fill(codeOf(maker.secret, 1));
  await held.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Request recorded' })).toBeVisible();
  expect(await balanceOf(request, token)).toBe(before);

  await page.getByRole('link', { name: 'Approvals' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: reference });
  await expect(mine).toContainText('You asked for this: another finance user must approve it.');
  await expect(mine.getByRole('button', { name: 'Approve…' })).toHaveCount(0);
  // The server refuses it too, whatever the page shows.
  const requestId = Number(/#(\d+)/.exec((await mine.textContent())!)![1]);
  const own = await opsPost(
    request,
    'money/requests/approve',
    { request_id: requestId, code: codeOf(maker.secret, 1) },
    await tokenOf(page),
  );
  expect(own.status).toBe(403);

  const desk = await signedInPage(browser);
  await signIn(desk.page, checker, checker.recoveryCodes[0]);
  await desk.page.getByRole('link', { name: 'Approvals' }).click();
  const pending = desk.page.getByRole('listitem').filter({ hasText: reference });
  await pending.getByRole('button', { name: 'Approve…' }).click();
  await pending.getByLabel('Code from your authenticator app').fill(codeOf(checker.secret, 1));
  await pending.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(desk.page.getByRole('alert').filter({ hasText: 'Approved: the money has moved.' })).toBeVisible();
  await expect(pending).toContainText('approved');
  expect(await balanceOf(request, token)).toBe(before + 3_000);

  // Approving again does nothing.
  const replay = await opsPost(
    request,
    'money/requests/approve',
    { request_id: requestId, code: codeOf(checker.secret, 1) },
    await tokenOf(desk.page),
  );
  expect(replay.status).toBe(409);
  expect(await balanceOf(request, token)).toBe(before + 3_000);
  await desk.close();
});

test('a support user is refused a money action by the server (403), not only by a hidden button', async ({
  page,
  request,
}) => {
  const support = await invitedStaff(request, 'support');
  await signIn(page, support, support.recoveryCodes[0]);
  await expect(page.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  const refused = await opsPost(
    request,
    'money/requests/create',
    {
      kind: 'goodwill-credit',
      customer_id: 1,
      amount: '1000',
      reason: 'Trying the button that is not there',
      code: codeOf(support.secret, 1),
    },
    await tokenOf(page),
  );
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('your role (support) may not do this');
  // And the console's page is not on the customer's port.
  expect((await request.get('/console.html')).status()).not.toBe(200);
});
