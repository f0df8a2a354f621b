import * as messages from '../../../core/messages';
import { expect, expectToast, newUser, type NewUser, registerThroughApi } from '../../support/e2e/journeys';
import type { BrowserFlow, Walk } from './browserFlow';

const user = (walk: Walk) => walk.data.user as NewUser;
const FIELDS: Record<string, string> = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone number',
  password: 'Password',
  confirm_password: 'Confirm password',
};

/** /register in the browser: a new person, or one whose e-mail is already taken when the path says so. */
export const registerFlow: BrowserFlow = {
  async start(walk) {
    const account = newUser();
    walk.data.user = account;
    if (walk.path.steps.some(({ event }) => event.type === 'xstate.error.actor.register')) {
      await registerThroughApi(walk.request, account);
    }
    await walk.page.goto('/register');
  },
  steps: {
    'register.change': async (walk, event) => {
      const account = user(walk);
      const field = String(event.field);
      // The model's values stand for kinds of input; the account's own are typed. The phone field holds at
      // most 11 characters, so in the browser the number is typed in its local form.
      const value: Record<string, string> = {
        name: account.name,
        email: ` ${account.email} `,
        phone: account.phone,
        password: account.password,
        confirm_password: account.password,
      };
      await walk.page.getByLabel(FIELDS[field], { exact: true }).fill(value[field]);
    },
    'register.terms': async ({ page }, event) => {
      await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).setChecked(Boolean(event.accepted));
    },
    'register.submit': async (walk) => {
      const filled = walk.path.steps.some(({ event }) => event.type === 'register.change');
      await walk.page.getByRole('button', { name: 'Create account' }).click();
      if (!filled) await expectToast(walk.page, messages.fillForm.message);
    },
    // The development captcha answers at once with the token the server accepts for registering.
    'xstate.done.actor.captcha': async () => {},
    // The server's own words show (the model's stand for them).
    'xstate.done.actor.register': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: /registration successful/i })).toBeVisible();
    },
    'xstate.error.actor.register': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: /already exists/i })).toBeVisible();
    },
  },
  states: {
    editing: async ({ page }) => {
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    },
    registered: async ({ page }) => {
      await expect(page).toHaveURL(/\/verify-email$/);
    },
  },
};
