import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  password: string;
  pin: string;
}

let counter = 0;

/** A fresh identity per journey, so journeys never depend on each other. */
export function newUser(): NewUser {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    name: 'Chiamaka Okafor',
    email: `chiamaka.${stamp}@example.com`,
    phone: '0803' + String(1000000 + Math.floor(Math.random() * 8999999)).slice(0, 7),
    password: 'Harmattan-2026!',
    pin: '4826',
  };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail the server "sent" to this address (development outbox). */
export async function latestMail(request: APIRequestContext, to: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { data: Mail[] };
      mail = body.data[0];
      return mail !== undefined;
    })
    .toBe(true);
  return mail!;
}

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

export async function fillRegister(page: Page, user: NewUser, confirm = user.password) {
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(confirm);
}

/** Creates a verified account through the API (the UI journeys for it are in account.spec.ts). */
export async function createVerifiedAccount(request: APIRequestContext, user: NewUser) {
  const registered = await request.post('/api/register', {
    data: { device: 'web', name: user.name, email: user.email, phone: user.phone, password: user.password, confirm_password: user.password, token: 'dev-ok:register' },
  });
  expect(registered.status()).toBe(201);
  const { data } = (await registered.json()) as { data: { token: string } };
  const headers = { Authorization: `Bearer ${data.token}` };
  expect((await request.post('/api/resend-otp', { headers })).ok()).toBe(true);
  const otp = codeIn(await latestMail(request, user.email));
  expect((await request.post('/api/verify-otp', { headers, data: { otp } })).ok()).toBe(true);
  return data.token;
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
