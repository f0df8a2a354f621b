import { OTP_RESEND_COUNTDOWN_S } from '../../../core/limits';
import { expect, logIn, newUser, registerThroughApi } from '../../support/e2e/journeys';
import type { BrowserFlow } from './browserFlow';

/**
 * The countdown beside the code on /verify-email, on the page's own clock: an account just registered
 * signs in, the page sends its code and counts down from OTP_RESEND_COUNTDOWN_S (59 s); each tick is one second of the page's
 * clock, and the button says what is left.
 */
export const otpCountdownFlow: BrowserFlow = {
  async start(walk) {
    const { page, request } = walk;
    const account = newUser();
    await registerThroughApi(request, account);
    // The countdown starts when the page's code is sent: that answer waits until the page's clock is
    // paused, so no second passes but those the path's ticks run.
    let send: () => void = () => {};
    const paused = new Promise<void>((resolve) => (send = resolve));
    await page.route(
      '**/api/resend-otp',
      async (route) => {
        await paused;
        await route.continue();
      },
      { times: 1 },
    );
    await page.clock.install();
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    send();
    walk.data.remaining = OTP_RESEND_COUNTDOWN_S;
  },
  steps: {
    'xstate.after.tick.otpCountdown.counting': async (walk) => {
      await walk.page.clock.runFor(1000);
      walk.data.remaining = Number(walk.data.remaining) - 1;
    },
  },
  states: {
    counting: async ({ page, data }) => {
      await expect(
        page.getByRole('button', { name: `Resend code in ${Number(data.remaining)} s`, exact: true }),
      ).toBeDisabled();
    },
    done: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Resend code', exact: true })).toBeEnabled();
    },
  },
};
