import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import * as messages from '../../../core/messages';
import * as labels from '../../../core/labels';
import {
  createReadyAccount,
  enterPin,
  expect,
  expectToast,
  fund,
  logIn,
  newUser,
  PINS,
  services,
  type NewUser,
} from '../../support/e2e/journeys';
import type { GeneratedStep } from '../../../testkit/browserSpecs';
import type { BrowserFlow, Walk } from './browserFlow';

/** The purchase flow's browser traversal is the electricity screen (testkit/models/purchases/purchase.model.ts). */
const service = services.find((s) => s.route === '/electricity')!;
const RECENT = '08099990000';

type Answer = { type: string; message: string; reason?: string; status?: string };
const answerOf = (step: GeneratedStep | undefined) => step?.event.output as Answer | undefined;
const user = (walk: Walk) => walk.data.user as NewUser;
const token = (walk: Walk) => walk.data.token as string;

/** The purchase answer that follows a step (before the next number is typed or tapped). */
function nextAnswer(steps: GeneratedStep[]): GeneratedStep | undefined {
  for (const step of steps) {
    if (step.event.type === 'form.beneficiary' || step.event.type === 'form.recent') return undefined;
    if (step.event.type.endsWith('.actor.purchase') || step.event.type === 'merchant.failed') return step;
  }
  return undefined;
}

/**
 * The number to type, chosen by what the path says happens to it (docs/development.md, "The simulated biller"):
 * no customer for a meter ending in 9999, refunded at once for 0001, processing for 0002.
 */
function plannedNumber(typed: string, answer: GeneratedStep | undefined): string {
  const suffix =
    answer?.event.type === 'merchant.failed'
      ? '9999'
      : answerOf(answer)?.message.includes('refunded')
        ? '0001'
        : answerOf(answer)?.status === 'processing'
          ? '0002'
          : null;
  if (!suffix) return typed;
  let left = 4;
  return typed
    .split('')
    .reverse()
    .map((char) => (/\d/.test(char) && left > 0 ? suffix[--left] : char))
    .reverse()
    .join('');
}

async function buyThroughApi(
  request: APIRequestContext,
  auth: string,
  providerId: number,
  beneficiary: string,
  pin: string,
) {
  return request.post(`/api/electricity-bill`, {
    headers: { Authorization: `Bearer ${auth}`, 'Idempotency-Key': randomUUID() },
    data: { provider_id: providerId, beneficiary, amount: 500, pin },
  });
}

async function signInThroughApi(request: APIRequestContext, account: NewUser): Promise<string> {
  const response = await request.post('/api/login', {
    data: { device: 'web', email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Wrong pins through the API until the server answers `reason` (the counter full, or purchases locked). */
async function wrongPinsUntil(walk: Walk, providerId: number, reason: 'pin-logout' | 'pin-locked') {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await buyThroughApi(walk.request, token(walk), providerId, service.beneficiary, PINS.wrong);
    const body = (await response.json()) as {
      data?: { reason?: string; pin_attempts?: number; max_attempts?: number };
    };
    // One short of logging out: the browser's wrong pin is the one that does it.
    if (reason === 'pin-logout' && body.data?.pin_attempts === body.data?.max_attempts) return;
    if (body.data?.reason === 'pin-locked') return;
    if (body.data?.reason === 'pin-logout') walk.data.token = await signInThroughApi(walk.request, user(walk));
  }
  throw new Error(`the server never answered ${reason}`);
}

/** A service screen in the browser: a funded account that paid a meter before (its recent number), on /electricity. */
export const purchaseFlow: BrowserFlow = {
  async start(walk) {
    const { page, request, path } = walk;
    const account = newUser();
    walk.data.user = account;
    walk.data.token = await createReadyAccount(request, account);
    await fund(request, token(walk), 20_000);
    const providers = await request.post('/api/fetch-providers', {
      headers: { Authorization: `Bearer ${token(walk)}` },
      data: {},
    });
    const { data } = (await providers.json()) as { data: Record<string, { id: number; name: string }[]> };
    const providerId = data['electricity-bill'].find((p) => p.name === service.provider)!.id;
    walk.data.providerId = providerId;
    expect((await buyThroughApi(request, token(walk), providerId, RECENT, account.pin)).ok()).toBe(true);
    const answers = path.steps.map((step) => answerOf(step)?.reason);
    if (answers.includes('pin-locked')) await wrongPinsUntil(walk, providerId, 'pin-locked');
    else if (answers.includes('pin-logout')) await wrongPinsUntil(walk, providerId, 'pin-logout');
    if (path.steps[0]?.event.type === 'xstate.error.actor.recent')
      await page.route('**/api/recent-beneficiaries', (route) => route.abort('internetdisconnected'), { times: 1 });
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(service.route);
  },
  steps: {
    'xstate.done.actor.recent': async ({ page }) => {
      await expect(
        page.getByRole('group', { name: 'Recently paid' }).getByRole('button', { name: new RegExp(RECENT) }),
      ).toBeVisible();
    },
    'xstate.error.actor.recent': async ({ page }) => {
      await expect(page.getByRole('group', { name: 'Recently paid' })).toHaveCount(0);
    },
    'form.provider': async ({ page }) => {
      await page.getByLabel(service.providerLabel).selectOption({ label: service.provider });
    },
    'form.beneficiary': async (walk, event) => {
      await walk.page
        .getByLabel(service.beneficiaryLabel)
        .fill(plannedNumber(String(event.value), nextAnswer(walk.ahead())));
    },
    'form.amount': async ({ page }, event) => {
      await page.getByLabel('Amount').fill(String(event.value));
    },
    'form.recent': async ({ page }) => {
      await page
        .getByRole('group', { name: 'Recently paid' })
        .getByRole('button', { name: new RegExp(RECENT) })
        .click();
    },
    'purchase.continue': async (walk) => {
      const { page } = walk;
      const typed = walk.path.steps
        .slice(0, walk.path.steps.length - walk.ahead().length)
        .some(({ event }) => event.type === 'form.beneficiary' || event.type === 'form.recent');
      await page.locator('form.purchase-form button[type=submit]').click();
      if (!typed) await expectToast(page, messages.allFieldsRequired.message);
    },
    'merchant.verified': async ({ page }) => {
      await expect(page.getByRole('region', { name: 'Merchant details' })).toBeVisible();
    },
    'merchant.failed': async ({ page }) => {
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Merchant details' })).toHaveCount(0);
    },
    'pin.accepted': async (walk) => {
      const answer = nextAnswer(walk.ahead());
      const refused = ['pin-incorrect', 'pin-logout', 'pin-locked'].includes(answerOf(answer)?.reason ?? '');
      if (answer?.event.type === 'xstate.error.actor.purchase') {
        await walk.page.route(`**/api/electricity-bill`, (route) => route.abort('internetdisconnected'), { times: 1 });
      }
      await enterPin(walk.page, refused ? PINS.wrong : user(walk).pin);
    },
    'pin.cancelled': async ({ page }) => {
      await page
        .getByRole('dialog', { name: labels.transactionPin.message })
        .getByRole('button', { name: 'Close' })
        .click();
    },
    'xstate.done.actor.purchase': async ({ page }, event) => {
      const answer = event.output as Answer;
      // Refused pins are told in the spec's words, whatever the server said.
      if (answer.reason === 'pin-incorrect' || answer.reason === 'pin-logout')
        await expectToast(page, messages.pinNotCorrect.message);
      else if (answer.reason === 'pin-locked')
        await expect(page.getByRole('alert').filter({ hasText: /locked/i })).toBeVisible();
      else {
        const told =
          answer.type === 'error' ? /refunded/i : answer.status === 'processing' ? /processing/i : /token|successful/i;
        await expect(page.getByRole('alert').filter({ hasText: told })).toBeVisible();
      }
      if (answer.status === 'completed')
        await expect(page.getByRole('region', { name: service.result })).toContainText(/\d{4}/);
    },
    'xstate.error.actor.purchase': async ({ page }) => {
      await expect(page.getByRole('alert')).toBeVisible();
    },
    'result.dismiss': async ({ page }) => {
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('region', { name: service.result })).toHaveCount(0);
    },
  },
  states: {
    'flow.editing': async ({ page }) => {
      await expect(page).toHaveURL(new RegExp(`${service.route}$`));
      await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toHaveCount(0);
    },
    'flow.authorising': async ({ page }) => {
      await expect(page.getByRole('dialog', { name: labels.transactionPin.message })).toBeVisible();
    },
    'flow.signedOut': async ({ page }) => {
      await expect(page).toHaveURL(/\/login$/);
    },
  },
};
