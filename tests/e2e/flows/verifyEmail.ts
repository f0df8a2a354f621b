import * as messages from '../../../core/messages';
import {
  codeIn,
  expect,
  expectToast,
  logIn,
  mailCount,
  newMail,
  newUser,
  typeCode,
  type NewUser,
  registerThroughApi,
} from '../../support/e2e/journeys';
import type { BrowserFlow, Walk } from './browserFlow';

const user = (walk: Walk) => walk.data.user as NewUser;
const upcoming = (walk: Walk, type: string) => walk.ahead().find(({ event }) => event.type === type)?.event;

/**
 * /verify-email in the browser: an account just registered through the API, signed in on /login (an
 * unverified account lands here). Opening the page sends a code; how the server answers that first
 * resend is prepared from the path: a code sent a moment before makes it answer "too soon", a dropped
 * request stands for a network failure.
 */
export const verifyEmailFlow: BrowserFlow = {
  async start(walk) {
    const { page, request, path } = walk;
    const account = newUser();
    walk.data.user = account;
    const token = await registerThroughApi(request, account);
    const firstResend = path.steps.find(({ event }) => event.type.endsWith('.actor.resend'))?.event;
    if (firstResend?.type === 'xstate.error.actor.resend' && String(firstResend.error).includes('resend otp in')) {
      expect(
        (await request.post('/api/resend-otp', { headers: { Authorization: `Bearer ${token}` }, data: {} })).ok(),
      ).toBe(true);
    }
    if (firstResend?.type === 'xstate.error.actor.resend' && firstResend.error === 'Failed to fetch') {
      await page.route('**/api/resend-otp', (route) => route.abort('internetdisconnected'), { times: 1 });
    }
    walk.data.mails = await mailCount(request, account.email);
    await page.clock.install();
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/verify-email$/);
  },
  steps: {
    // The server's own words show (the model's stand for them).
    'xstate.done.actor.resend': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: /code has been sent/i })).toBeVisible();
    },
    'xstate.error.actor.resend': async (walk, event) => {
      if (event.error === 'Failed to fetch')
        return expect(walk.page.getByRole('button', { name: 'Resend code', exact: true })).toBeEnabled();
      // The server names the seconds left; the page counts them down.
      await expect(walk.page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeVisible();
    },
    'xstate.done.actor.countdown': async ({ page }) => {
      const label = await page.getByRole('button', { name: /^Resend code in \d+ s$/ }).textContent();
      await page.clock.runFor(Number(/(\d+) s/.exec(label ?? '')?.[1] ?? 0) * 1000);
    },
    'verify.resend': async ({ page }) => {
      await page.getByRole('button', { name: 'Resend code', exact: true }).click();
    },
    'verify.change': async (walk) => {
      // The model's digits stand for a code; the one e-mailed, or a wrong one when the server is to refuse it.
      const verifyAnswer = upcoming(walk, 'xstate.done.actor.verify') ?? upcoming(walk, 'xstate.error.actor.verify');
      const mail = await newMail(walk.request, user(walk).email, Number(walk.data.mails));
      const code = codeIn(mail);
      await typeCode(
        walk.page,
        verifyAnswer?.type === 'xstate.error.actor.verify'
          ? String((Number(code) + 1) % 10_000).padStart(4, '0')
          : code,
      );
    },
    'verify.submit': async (walk) => {
      const typed = walk.path.steps.some(({ event }) => event.type === 'verify.change');
      await walk.page.getByRole('button', { name: 'Continue' }).click();
      if (!typed) await expectToast(walk.page, messages.enterOtp.message);
    },
    'xstate.done.actor.verify': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: /verified/i })).toBeVisible();
    },
    'xstate.error.actor.verify': async (walk) => {
      await expect(walk.page.getByRole('alert').last()).toBeVisible();
    },
  },
  states: {
    'resend.cooling': async ({ page }) => {
      await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    },
    'resend.ready': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Resend code', exact: true })).toBeEnabled();
    },
    'code.editing': async ({ page }) => {
      await expect(page).toHaveURL(/\/verify-email$/);
    },
    verified: async ({ page }) => {
      await expect(page).toHaveURL(/\/login$/);
    },
  },
};
