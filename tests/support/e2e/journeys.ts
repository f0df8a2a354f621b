import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale } from '../../../core/i18n/locales';
import * as labels from '../../../core/labels';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';

/**
 * Every transaction pin a journey sets or types. After each journey the browser's storage is
 * searched for all of them (see `test` below), so one forgotten pin in storage fails the run.
 */
export const PINS = {
  /** Every new user's pin (newUser). */
  user: '4826',
  /** The demo account's (README). */
  demo: '2580',
  /** Chosen at set-pin after a password reset. */
  afterPasswordReset: '3915',
  /** Chosen at /pin. */
  changed: '7391',
  /** Chosen at /reset-pin ("Forgot pin?"). */
  afterPinReset: '5937',
  /** Typed by mistake: never anyone's pin. */
  wrong: '9513',
} as const;
const ALL_PINS: readonly string[] = Object.values(PINS);

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  password: string;
  pin: string;
}

let counter = 0;
/**
 * This worker process's number in the run (Playwright's TEST_WORKER_INDEX, never shared by two
 * workers): journeys run in several workers at once, whose own counters start alike.
 */
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);

/** A fresh identity per journey, so journeys never depend on each other. */
export function newUser(): NewUser {
  counter += 1;
  const stamp = `${Date.now().toString(36)}w${worker}n${counter}`;
  return {
    name: 'Chiamaka Okafor',
    email: `chiamaka.${stamp}@example.com`,
    phone: '0803' + String(1000000 + Math.floor(Math.random() * 8999999)).slice(0, 7),
    password: 'Harmattan-2026!',
    pin: PINS.user,
  };
}

/** A field name that can only hold a pin, or the marker that one is set (user_pin, pin, old_pin, confirm_pin, ...). */
const PIN_FIELD = /(^|_)pin$/i;

/**
 * Where a pin would be in browser storage, for each stored value: the value itself, or any
 * string, digit array or pin-named field inside it once read as JSON. Returns one line per find.
 *
 * Deliberately not a substring search: tokens, references, account and phone numbers, dates and
 * balances are full of digits, and a 4-digit pin occurs inside one of them by chance often
 * enough to make the journeys flaky. A pin kept by mistake is kept as itself: as a whole stored
 * value (plain, or JSON text as the first builds stored every field), as a JSON string anywhere
 * inside one, as the digits of code boxes (an array), or under a field named for it
 * (`{"pin":"4826"}`, also as a number). Those are matched exactly. And a field named for a pin
 * may hold nothing but the marker ('set' or ''), which also catches a pin this list does not
 * know. Inside JSON, a number equal to a pin under any other name is not one (an amount).
 */
export function pinsInStorage(entries: Record<string, string>, pins: readonly string[] = ALL_PINS): string[] {
  const found: string[] = [];
  const visit = (where: string, field: string, value: unknown) => {
    if (typeof value === 'string' && pins.includes(value)) found.push(`${where}: a pin as a value`);
    if (typeof value === 'number' && PIN_FIELD.test(field) && pins.includes(String(value)))
      found.push(`${where}: a pin as a number`);
    if (PIN_FIELD.test(field) && value !== 'set' && value !== '' && value !== null && value !== undefined)
      found.push(`${where}: '${field}' holds more than the marker`);
    if (Array.isArray(value)) {
      if (value.every((item) => typeof item === 'string' && item.length <= 1) && pins.includes(value.join('')))
        found.push(`${where}: a pin in boxes`);
      value.forEach((item, index) => visit(`${where}[${index}]`, field, item));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(`${where}.${key}`, key, item);
    }
  };
  for (const [key, raw] of Object.entries(entries)) {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // Not JSON: the raw text is the value.
    }
    if (pins.includes(raw)) found.push(`${key}: a pin as the whole value`);
    else visit(key, key.replace(/^user_/, ''), value);
  }
  return found;
}

/**
 * The journeys' `test`: after every journey, whatever its outcome, every localStorage and
 * sessionStorage value of each open page of the app is searched for a transaction pin (the
 * pin never leaves the server, and the app keeps only the marker that one is set).
 */
export const test = base.extend<{ storageHoldsNoPin: void; contractProxy: string | undefined; keptToContract: void }>({
  /**
   * A page of the app draws its HTML first and asks for its code once that has painted
   * (src/ui/boot.ts), so the load event no longer means the app runs. A journey acts as a person
   * who waits for the app: `goto` and `reload` resolve once the page's screen says it runs (the
   * event of src/ui/app/hydration.ts), on pages that have the app at all. What happens to input
   * given before that is the hydration journeys' to prove; they navigate the main frame itself.
   */
  page: async ({ page }, provide) => {
    await page.addInitScript(() => {
      document.addEventListener(
        'naira-wallet:running',
        () => document.documentElement.setAttribute('data-app-runs', ''),
        { once: true },
      );
    });
    const appRuns = () =>
      page.waitForFunction(
        () => document.documentElement.hasAttribute('data-app-runs') || !document.querySelector('script[data-app]'),
      );
    const thenAppRuns =
      <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const response = await navigate(...args);
        await appRuns();
        return response;
      };
    page.goto = thenAppRuns(page.goto.bind(page));
    page.reload = thenAppRuns(page.reload.bind(page));
    await provide(page);
  },
  /** The `contract` project's proxy (tests/support/e2e/contractProxy.ts); unset elsewhere. */
  contractProxy: [undefined, { option: true }],
  /**
   * In the `contract` project, every call of the journey and every answer went through Prism:
   * after the journey, whatever its outcome, none may have broken the API description.
   */
  keptToContract: [
    async ({ contractProxy }, use) => {
      await use();
      if (!contractProxy) return;
      const violations: unknown[] = await (await fetch(`${contractProxy}/__contract/violations`)).json();
      expect(violations, 'calls or answers the API description does not allow (Prism)').toEqual([]);
    },
    { auto: true },
  ],
  storageHoldsNoPin: [
    async ({ context, baseURL }, use) => {
      await use();
      for (const page of context.pages()) {
        if (page.isClosed() || !baseURL || !page.url().startsWith(baseURL)) continue;
        await page.waitForLoadState();
        const stored = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
        const found = [
          ...pinsInStorage(stored.local).map((line) => `localStorage ${line}`),
          ...pinsInStorage(stored.session).map((line) => `sessionStorage ${line}`),
        ];
        expect(found, `browser storage of ${page.url()} holds a transaction pin`).toEqual([]);
      }
    },
    { auto: true },
  ],
});
export { expect };

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What the server "sent" to this address (development outbox), newest first. */
async function mailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** The texts the development server "sent" to a phone (GET /dev/sms), newest first. */
export async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const response = await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`);
  return ((await response.json()) as { data: { text: string }[] }).data.map((sms) => sms.text);
}

/** How many mails this address has had so far: pass it to `newMail` to wait for the next one. */
export const mailCount = async (request: APIRequestContext, to: string): Promise<number> =>
  (await mailbox(request, to)).length;

/** The newest mail to this address once it has had more than `after` (a count from `mailCount`). */
export async function newMail(request: APIRequestContext, to: string, after: number): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = await mailbox(request, to);
      mail = mails[0];
      return mails.length > after;
    })
    .toBe(true);
  return mail!;
}

/** The newest mail the server "sent" to this address (development outbox). */
export const latestMail = (request: APIRequestContext, to: string): Promise<Mail> => newMail(request, to, 0);

export const codeIn = (mail: Mail) => /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '';

export const resetPathIn = (mail: Mail) => {
  const url = /https?:\/\/\S+\/reset\?token=\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no reset link in: ${mail.text}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** Types a code: only the first box is clicked, focus must advance by itself from box to box. */
export async function typeCode(page: Page, digits: string) {
  await page.locator('input.code-box').first().click();
  await page.keyboard.type(digits);
}

/** The one visible toast with this exact text (toasts are how the app reports every message). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
}

/**
 * A toast this step raised, not one left from the step before. Said again while it is up, a
 * message replaces its toast with a new one (src/ui/kit/toaster.ts); so each toast found here is
 * marked as seen, and the next step's must be another: one left up, or shown again in place of a
 * new one, is not taken for it. (Waiting for each toast to close took its 5 s a step.)
 */
export async function expectToastOfThisStep(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text }).and(page.locator(':not([data-seen-by-journey])'));
  await expect(toast).toBeVisible();
  await toast.evaluate((element) => element.setAttribute('data-seen-by-journey', ''));
}

export async function fillRegister(page: Page, user: NewUser, confirm = user.password) {
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(confirm);
}

/** Registers an account through the API (not verified, no pin); answers its session token. */
export async function registerThroughApi(request: APIRequestContext, user: NewUser): Promise<string> {
  const registered = await request.post('/api/register', {
    data: {
      device: 'web',
      name: user.name,
      email: user.email,
      phone: user.phone,
      password: user.password,
      confirm_password: user.password,
      token: 'dev-ok:register',
    },
  });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { data: { token: string } }).data.token;
}

/** Creates a verified account through the API (the UI journeys for it are in account.spec.ts). */
export async function createVerifiedAccount(request: APIRequestContext, user: NewUser) {
  const token = await registerThroughApi(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.post('/api/resend-otp', { headers, data: {} })).ok()).toBe(true);
  const otp = codeIn(await latestMail(request, user.email));
  expect((await request.post('/api/verify-otp', { headers, data: { otp } })).ok()).toBe(true);
  return token;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A verified account with a transaction pin, through the API; answers its session token. */
export async function createReadyAccount(request: APIRequestContext, user: NewUser) {
  const token = await createVerifiedAccount(request, user);
  const response = await request.post('/api/set-pin', {
    headers: { Authorization: `Bearer ${token}` },
    data: { pin: user.pin, confirm_pin: user.pin },
  });
  expect(response.ok()).toBe(true);
  return token;
}

/**
 * A new account, verified and with its pin, funded and in a language when asked, signed in on `page`:
 * the journey starts at the dashboard. Answers the user and the API's session token.
 */
export async function signInReadyUser(
  page: Page,
  request: APIRequestContext,
  { funds, language }: { funds?: number | readonly number[]; language?: Locale } = {},
) {
  const user = newUser();
  const token = await createReadyAccount(request, user);
  if (funds !== undefined) await fund(request, token, funds);
  if (language !== undefined) await chooseLanguage(request, token, language);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { user, token };
}

/** Sets the account's language through the API, as /more's setting does: the next sign-in speaks it. */
export async function chooseLanguage(request: APIRequestContext, token: string, language: Locale) {
  const response = await request.post('/api/user/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(response.ok()).toBe(true);
}

/** A service screen as a person fills it in. */
export interface Service {
  route: string;
  title: string;
  providerLabel: 'Network' | 'Provider';
  provider: string;
  beneficiaryLabel: string;
  /** Delivered by the simulated biller; a number ending in 0001 fails and is refunded (docs/development.md, "The simulated biller"). */
  beneficiary: string;
  failing: string;
  amount?: string;
  /** The plan field's label, for services priced by plan. */
  plan?: 'Plan' | 'Service';
  verify?: boolean;
  /** The region of the result panel that keeps the token or pin in view. */
  result?: string;
}

/** The six service screens as the journeys fill them in. */
export const services: Service[] = [
  {
    route: '/airtime',
    title: 'Airtime',
    providerLabel: 'Network',
    provider: 'MTN',
    beneficiaryLabel: 'Phone number',
    beneficiary: '08031234567',
    failing: '08031230001',
    amount: '500',
  },
  {
    route: '/internet',
    title: 'Internet',
    providerLabel: 'Network',
    provider: 'Airtel',
    beneficiaryLabel: 'Phone number',
    beneficiary: '08021234567',
    failing: '08021230001',
    plan: 'Plan',
  },
  {
    route: '/electricity',
    title: 'Electricity',
    providerLabel: 'Provider',
    provider: 'Ikeja Electric (IKEDC)',
    beneficiaryLabel: 'Meter number',
    beneficiary: '45011234567',
    failing: '45011230001',
    amount: '1000',
    verify: true,
    result: 'Token',
  },
  {
    route: '/betting',
    title: labels.bettingTitle.message,
    providerLabel: 'Provider',
    provider: 'Bet9ja',
    beneficiaryLabel: 'Account number',
    beneficiary: '20481234',
    failing: '20480001',
    amount: '1000',
    verify: true,
  },
  {
    route: '/cable',
    title: 'Cable TV',
    providerLabel: 'Provider',
    provider: 'GOtv',
    beneficiaryLabel: 'Smartcard number',
    beneficiary: '7012345678',
    failing: '7012340001',
    plan: 'Plan',
    verify: true,
  },
  {
    route: '/education',
    title: labels.educationTitle.message,
    providerLabel: 'Provider',
    provider: 'WAEC',
    beneficiaryLabel: 'ID number',
    beneficiary: '08031234567',
    failing: '08031230001',
    plan: 'Service',
    result: 'PIN',
  },
];

let identities = 0;

/**
 * A NIN (or BVN) of its own that the simulated identity provider verifies (docs/development.md,
 * "Identity checks": not ending in 000, 111, 222 or 999), typed with BIRTH_DATE: this worker's count of
 * them, under its number (each database is the run's own, so the run's workers are all it meets).
 */
export const verifiableNumber = () =>
  `7${String(worker % 1e4).padStart(4, '0')}${String(++identities % 1e5).padStart(5, '0')}5`;

/** The date of birth on every simulated record, which binds a number with the account's phone. */
export const BIRTH_DATE = SIMULATED_DATE_OF_BIRTH;

/**
 * The account's numbers. Identity first: a wallet is funded only once a BVN or NIN is verified,
 * and that is when the partners open the accounts; so a user without one verifies a NIN of their
 * own first (a NIN alone: no bank account to validate, and Paystack, when live, opens none).
 */
export async function accountNumbers(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const funding = (await (await request.post('/api/funding', { headers, data: {} })).json()) as {
    data: { identity: { bvn: boolean; nin: boolean } };
  };
  if (!funding.data.identity.bvn && !funding.data.identity.nin) {
    const data = { nin: verifiableNumber(), date_of_birth: BIRTH_DATE };
    const verified = await request.post('/api/funding/identity', { headers, data });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  const accounts = await request.post('/api/create-accounts', { headers, data: {} });
  expect(accounts.ok()).toBe(true);
  const { data } = (await accounts.json()) as { data: { account_number: string }[] };
  return data.map((account) => account.account_number);
}

/** Funds the account's wallet with simulated bank transfers (one, or several in order) into its first account number. */
export async function fund(request: APIRequestContext, token: string, amounts: number | readonly number[]) {
  const [accountNumber] = await accountNumbers(request, token);
  for (const amount of [amounts].flat()) {
    const transfer = await request.post('/dev/bank/transfer', {
      data: { account_number: accountNumber, amount, sender_name: 'Emeka Obi' },
    });
    expect(transfer.ok()).toBe(true);
  }
}

/** The server's clock (development: POST /dev/clock moves it forward and makes what became due). */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.post('/dev/clock', { data: {} });
  return new Date(((await response.json()) as { data: { now: string } }).data.now);
}

/** A minute of the server's clock a few minutes ahead: a schedule's run that is not due yet. */
export const runSoon = async (request: APIRequestContext): Promise<Date> =>
  new Date(Math.ceil((await serverNow(request)).getTime() / 60_000) * 60_000 + 3 * 60_000);

/**
 * A Lagos wall time's parts (UTC+1, no daylight saving): the day of the month, HH:MM, the day as
 * YYYY-MM-DD, and the weekday (0 Sunday).
 */
export function lagos(at: Date) {
  const wall = new Date(at.getTime() + 3_600_000);
  const text = wall.toISOString();
  return {
    monthDay: String(Number(text.slice(8, 10))),
    time: text.slice(11, 16),
    day: text.slice(0, 10),
    weekday: wall.getUTCDay(),
  };
}

/** Fills the service's form and reaches the pin dialog (verifying the merchant first where the service has one). */
export async function fillAndContinue(page: Page, service: Service, beneficiary: string) {
  await page.getByLabel(service.providerLabel).selectOption({ label: service.provider });
  if (service.plan) await page.getByLabel(service.plan, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(service.beneficiaryLabel).fill(beneficiary);
  if (service.amount) await page.getByLabel('Amount').fill(service.amount);
  if (service.verify) {
    await page.getByRole('button', { name: labels.verifyMerchant.message }).click();
    await expect(page.getByRole('region', { name: 'Merchant details' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: labels.transactionPin.message });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function enterPin(page: Page, pin: string) {
  const dialog = page.getByRole('dialog', { name: labels.transactionPin.message });
  await typeCode(page, pin);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}
