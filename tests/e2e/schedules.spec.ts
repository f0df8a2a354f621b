import * as labels from '../../core/labels';
import { scheduleWords } from '../../core/words/schedules';
import { formRules } from '../../src/domain/schedules/schedules';
import {
  enterPin,
  expect,
  expectToast,
  fillAndContinue,
  fund,
  lagos,
  mailCount,
  PINS,
  runSoon,
  services,
  signInReadyUser,
  test,
} from '../support/e2e/journeys';

const internet = services.find((service) => service.route === '/internet')!;

test('a data purchase repeated monthly with the pin runs once when its time comes: receipt, notification and the next run shown', async ({
  page,
  request,
}) => {
  const { user, token } = await signInReadyUser(page, request, { funds: 20_000 });

  // Buy data.
  await page.goto(internet.route);
  await fillAndContinue(page, internet, internet.beneficiary);
  await enterPin(page, user.pin);
  await expect(page.getByRole('alert').filter({ hasText: /purchase successful/i })).toBeVisible();

  // "Repeat this" on the completed purchase opens the schedule form, filled with what it bought.
  await page.goto('/activities');
  await page
    .locator('.txn-row')
    .filter({ hasNotText: /cashback/i })
    .first()
    .click();
  await page.getByRole('link', { name: scheduleWords.repeatThis }).click();
  await expect(page).toHaveURL(/\/schedules$/);
  const form = page.getByRole('dialog', { name: scheduleWords.newSchedule });
  await expect(form.getByLabel('Name')).not.toHaveValue('');
  await expect(form.getByLabel('Service')).toHaveValue('internet');
  await expect(form.getByLabel('Phone number')).toHaveValue(internet.beneficiary);

  // Monthly, first run a few minutes from the server's now (Lagos time).
  const runAt = await runSoon(request);
  const when = lagos(runAt);
  await expect(form.getByLabel('How often')).toHaveValue('monthly');
  await form.getByLabel(/^Day of the month/).fill(when.monthDay);
  await form.getByLabel('Time').fill(when.time);
  await expect(form.getByRole('note')).toContainText('Each run spends at most ₦');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toContainText(scheduleWords.pinText);
  await enterPin(page, user.pin);
  await expectToast(page, scheduleWords.created);

  // Listed with its next run.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Monthly on the`);
  await expect(card).toContainText('Not run yet');
  await expect(card.getByText(when.time).first()).toBeVisible();

  // The server's clock moved to the run: the purchase is made, once.
  const receiptsBefore = await mailCount(request, user.email);
  const moved = await request.post('/dev/clock', { data: { to: runAt.toISOString() } });
  expect(((await moved.json()) as { data: { ran: { completed: number } } }).data.ran.completed).toBe(1);
  expect(
    (
      (await (await request.post('/dev/clock', { data: { advance_ms: 60_000 } })).json()) as {
        data: { ran: { completed: number } };
      }
    ).data.ran.completed,
  ).toBe(0);

  await page.reload();
  await expect(card).toContainText('Bought ₦');
  // The next run is a month on.
  const [year, month] = when.day.split('-').map(Number);
  const nextMonth = new Date(Date.UTC(year, month, 1)).toLocaleString('en-NG', { month: 'short', timeZone: 'UTC' });
  await expect(card.locator('dd').first()).toContainText(nextMonth);

  // The receipt and the notification of the run.
  await expect.poll(() => mailCount(request, user.email)).toBe(receiptsBefore + 1);
  const transactions = await request.post('/api/fetch-transactions', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1 },
  });
  const bought = (
    (await transactions.json()) as { data: { data: { category: string; status: string }[] } }
  ).data.data.filter((row) => row.category === 'data');
  expect(bought.map((row) => row.status)).toEqual(['completed', 'completed']);
  await page.goto('/notification');
  await expect(page.getByRole('listitem').filter({ hasText: 'Purchase successful' })).toHaveCount(2);
});

test('the schedules page: empty, then a schedule from a service screen, paused, resumed and deleted', async ({
  page,
  request,
}) => {
  const { user } = await signInReadyUser(page, request);

  await page.goto('/schedules');
  await expect(page).toHaveTitle(/Schedules/);
  await expect(page.getByText(scheduleWords.empty)).toBeVisible();

  // "Schedule this" on the airtime screen takes what the form holds.
  await page.goto('/airtime');
  await page.getByLabel('Network').selectOption({ label: 'MTN' });
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Amount').fill('200');
  await page.getByRole('link', { name: scheduleWords.scheduleThis }).click();
  const form = page.getByRole('dialog', { name: scheduleWords.newSchedule });
  await expect(form.getByLabel('Amount')).toHaveValue('200');
  await form.getByLabel('How often').selectOption('weekly');
  await form.getByLabel('Weekday').selectOption('Friday');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expectToast(page, formRules.nameRequired.message);
  await form.getByLabel('Name').fill('Mum airtime');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await enterPin(page, user.pin);
  await expectToast(page, scheduleWords.created);

  const card = page.getByRole('listitem').filter({ hasText: 'Mum airtime' });
  await expect(card).toContainText('Every Friday at 09:00');
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused by you.');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText('Active');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: scheduleWords.confirmDelete }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(scheduleWords.empty)).toBeVisible();
});

test('a run the wallet could not pay for says so, and once funded Retry now buys it', async ({ page, request }) => {
  const { user, token } = await signInReadyUser(page, request);

  const runAt = await runSoon(request);
  const when = lagos(runAt);
  await page.goto('/schedules?service=airtime');
  const form = page.getByRole('dialog', { name: scheduleWords.newSchedule });
  await form.getByLabel('Name').fill('Dad airtime');
  await form.getByLabel('Network').selectOption({ label: 'MTN' });
  await form.getByLabel('Phone number').fill('08031234567');
  await form.getByLabel('Amount').fill('200');
  await form.getByLabel('How often').selectOption('once');
  await form.getByLabel('Day').fill(when.day);
  await form.getByLabel('Time').fill(when.time);
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await enterPin(page, user.pin);
  await expectToast(page, scheduleWords.created);

  const moved = await request.post('/dev/clock', { data: { to: runAt.toISOString() } });
  expect(((await moved.json()) as { data: { ran: { failed: number } } }).data.ran.failed).toBe(1);
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: 'Dad airtime' });
  await expect(card).toContainText('Could not run: your wallet balance was too low.');
  await expect(card.getByRole('link', { name: 'Fund wallet' })).toHaveAttribute('href', '/funding');

  await fund(request, token, 1_000);
  await card.getByRole('button', { name: scheduleWords.retryNow }).click();
  await expectToast(page, 'Bought ₦200.00.');
  await expect(card).toContainText('Bought ₦200.00.');
  await expect(card.getByRole('button', { name: scheduleWords.retryNow })).toHaveCount(0);
});

test('a pin change pauses schedules: each says so, and runs again with the new pin', async ({ page, request }) => {
  const { user, token } = await signInReadyUser(page, request);

  await page.goto('/schedules?service=airtime');
  const form = page.getByRole('dialog', { name: scheduleWords.newSchedule });
  await form.getByLabel('Name').fill('Sister airtime');
  await form.getByLabel('Network').selectOption({ label: 'MTN' });
  await form.getByLabel('Phone number').fill('08031234567');
  await form.getByLabel('Amount').fill('200');
  await form.getByLabel('How often').selectOption('weekly');
  await form.getByLabel('Weekday').selectOption('Friday');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await enterPin(page, user.pin);
  await expectToast(page, scheduleWords.created);

  // The pin that authorised it is replaced (here through the API, as another device would).
  const changed = await request.post('/api/change-pin', {
    headers: { Authorization: `Bearer ${token}` },
    data: { old_pin: user.pin, new_pin: PINS.changed, confirm_new_pin: PINS.changed },
  });
  expect(changed.ok()).toBe(true);

  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: 'Sister airtime' });
  await expect(card).toContainText(scheduleWords.pausedForRecovery);
  await expect(card.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await card.getByRole('button', { name: scheduleWords.authoriseAgain }).click();
  await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toContainText(
    scheduleWords.authorisePinText,
  );
  await enterPin(page, PINS.changed);
  await expectToast(page, scheduleWords.authorised);
  await expect(card).toContainText('Active');
  await expect(card.getByRole('button', { name: scheduleWords.authoriseAgain })).toHaveCount(0);
});
