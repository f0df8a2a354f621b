import * as messages from '../../../core/messages';
import { expect, expectToast, newUser, type NewUser, registerThroughApi } from '../../support/e2e/journeys';
import type { BrowserFlow, Walk } from './browserFlow';

const CAPTCHA_AFTER = 5;
/** The wait the server asks of an e-mail after its CAPTCHA_AFTER-th failure in a row, before the next attempt. */
const FIRST_WAIT_MS = 1_000;
const user = (walk: Walk) => walk.data.user as NewUser;
const refusedForCredentials = (walk: Walk) =>
  walk
    .ahead()
    .some(
      ({ event }) =>
        event.type === 'xstate.error.actor.login' && event.error === 'These credentials do not match our records.',
    );

/** /login in the browser: an account that has not verified its e-mail (it lands on /verify-email). */
export const loginFlow: BrowserFlow = {
  async start(walk) {
    const account = newUser();
    walk.data.user = account;
    await registerThroughApi(walk.request, account);
    // The bot check is asked for once the e-mail has failed CAPTCHA_AFTER times in a row, and a second after the last:
    // the server's clock (development: POST /dev/clock) is moved past that wait rather than waited out.
    if (walk.path.steps.some(({ event }) => event.type === 'xstate.done.actor.captcha')) {
      for (let i = 0; i < CAPTCHA_AFTER; i += 1) {
        const failed = await walk.request.post('/api/login', {
          data: { device: 'web', email: account.email, password: 'Not-the-password-1' },
        });
        expect(failed.status()).toBe(401);
      }
      expect((await walk.request.post('/dev/clock', { data: { advance_ms: FIRST_WAIT_MS } })).status()).toBe(200);
    }
    await walk.page.goto('/login');
  },
  steps: {
    'login.change': async (walk, event) => {
      const { page } = walk;
      if (event.field === 'email') return page.getByLabel('Email').fill(` ${user(walk).email} `);
      // The model's password is masked; the account's own, or a wrong one when the server is to refuse it.
      await page
        .getByLabel('Password', { exact: true })
        .fill(refusedForCredentials(walk) ? 'Not-the-password-1' : user(walk).password);
    },
    'login.submit': async (walk) => {
      const empty = !walk.path.steps.some(({ event }) => event.type === 'login.change');
      await walk.page.getByRole('button', { name: 'Log in' }).click();
      if (empty) await expectToast(walk.page, messages.fillForm.message);
    },
    // The server answers; what the page then shows is the next state's check.
    'xstate.done.actor.login': async () => {},
    // Refused: the server's own words show (the model's stand for them); asked for the bot check, nothing shows yet.
    'xstate.error.actor.login': async (walk, event) => {
      if (!String(event.error).includes('bot check')) await expect(walk.page.getByRole('alert').first()).toBeVisible();
    },
    // The development captcha answers at once; the attempt goes again with its token.
    'xstate.done.actor.captcha': async () => {},
  },
  states: {
    editing: async ({ page }) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    },
    loggedIn: async ({ page }) => {
      await expect(page).toHaveURL(/\/verify-email$/);
    },
  },
};
