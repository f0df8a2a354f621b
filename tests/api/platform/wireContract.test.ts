import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { developmentCaptchaToken } from '../../../core/captcha';
import { lagosDay } from '../../../core/days';
import type { CardTopUpStarted, ProblemReport, Schedule, ScheduleDraft, Transaction } from '../../../core/contract';
import {
  latestCode,
  latestMail,
  latestPhoneCode,
  latestPinResetCode,
  newPhone,
  resetTokenFrom,
  signUp,
  signUpWithPin,
  verifyIdentities,
  type SignedUp,
} from '../../support/api/accounts';
import type { TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { createAccounts, devTransfer } from '../../support/api/bank';
import { buy, packageOf, PIN, providerId } from '../../support/api/purchases';
import { SoftAuthenticator } from '../../support/api/softAuthenticator';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';

/**
 * The API description, proved on the wire: while the journeys of the app run (sign-up to
 * purchases, funding, schedules, statements), every answer that leaves the server is parsed with
 * the schema its route documents for that status, the very zod object /docs/json is generated
 * from. An answer the description does not match (a field it does not name or types otherwise, a
 * status it does not list, another content type) fails the journey that drew it.
 */

interface WireCheck {
  /** Every documented route answered so far, as `METHOD /path status`. */
  readonly answered: Set<string>;
  /** One line per answer its description did not match; read and forgotten by `assertKept`. */
  assertKept(): void;
}

type Described = z.ZodType | { content: Record<string, unknown> };

/** Whether an answer's body is what its description says: the envelope's schema, or a file of a listed content type. */
function mismatch(described: Described, payload: unknown, contentType: string): string | null {
  if (!(described instanceof z.ZodType)) {
    return Object.keys(described.content).some((type) => contentType.startsWith(type))
      ? null
      : `content type ${contentType} is not described`;
  }
  const body: unknown = typeof payload === 'string' && payload !== '' ? JSON.parse(payload) : null;
  const parsed = described.safeParse(body);
  return parsed.success ? null : z.prettifyError(parsed.error);
}

/** Checks every answer of the app's API routes against its description as it is sent (an onSend hook sees them all, inject included). */
function checkAnswersOnTheWire(app: FastifyInstance): WireCheck {
  const answered = new Set<string>();
  const findings: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route || !/^\/(api|dev)\//.test(route)) return payload;
    const where = `${request.method} ${route} ${reply.statusCode}`;
    answered.add(where);
    const described = (request.routeOptions.schema?.response as Record<number, Described> | undefined)?.[
      reply.statusCode
    ];
    const wrong = described
      ? mismatch(described, payload, String(reply.getHeader('content-type') ?? ''))
      : 'a status its description does not list';
    if (wrong) findings.push(`${where}: ${wrong}\n${typeof payload === 'string' ? payload.slice(0, 600) : ''}`);
    return payload;
  });
  return {
    answered,
    assertKept() {
      const found = findings.splice(0);
      expect(found, 'answers that differ from their description').toEqual([]);
    },
  };
}

describe('every answer of the journeys, against its description', () => {
  const t = useTestApp(backends[0]);
  let wire: WireCheck;
  beforeAll(() => {
    wire = checkAnswersOnTheWire(t.app);
  });

  /** A call that must succeed; its answer is checked by the hook. */
  async function ok<T>(path: string, options: Parameters<TestApp['call']>[1] = {}, status = 200): Promise<T> {
    const reply = await t.call<T>(path, { body: {}, ...options });
    expect(reply.status, `${path}: ${reply.body.message}`).toBe(status);
    return reply.body.data as T;
  }

  it('account: sign-up, verification, pin, login, profile, phone, password and pin resets', async () => {
    const account = await signUp(t, { phone: newPhone() });
    const { token } = account;
    for (const method of ['GET', 'POST'] as const)
      await t.call('/api/get-user', { method, token, ...(method === 'POST' ? { body: {} } : {}) });
    await ok('/api/resend-otp', { token });
    await ok('/api/verify-otp', { token, body: { otp: latestCode(t, account.email) } });
    await ok('/api/set-pin', { token, body: { pin: PIN, confirm_pin: PIN } });
    expect(
      (await t.call('/api/login', { body: { device: 'web', email: account.email, password: 'not the password' } }))
        .status,
    ).toBe(401);
    await ok('/api/login', { body: { device: 'web', email: account.email, password: account.password } });
    await ok('/api/update-profile', {
      token,
      body: { device: 'web', name: account.name, phone: account.phone, nin: '', bvn: '' },
    });
    // Chosen and chosen back: the journeys after it read English.
    await ok('/api/user/language', { token, body: { language: 'yo' } });
    await ok('/api/user/language', { token, body: { language: 'en' } });
    await ok('/api/send-phone-code', { token });
    await ok(`/dev/sms?to=${account.phone}`, { method: 'GET', body: undefined });
    await ok('/api/verify-phone', { token, body: { otp: latestPhoneCode(t, account.phone) } });
    await ok('/api/change-password', {
      token,
      body: {
        old_password: account.password,
        new_password: 'a brand new passphrase',
        confirm_new_password: 'a brand new passphrase',
      },
    });
    await ok('/api/forgot-pin', { token });
    const newPin = '7391';
    await ok('/api/reset-pin', {
      token,
      body: {
        password: 'a brand new passphrase',
        otp: latestPinResetCode(t, account.email),
        pin: newPin,
        confirm_pin: newPin,
      },
    });
    expect(
      (await t.call('/api/change-pin', { token, body: { old_pin: '1593', new_pin: '3915', confirm_new_pin: '3915' } }))
        .status,
    ).toBe(400);
    await ok('/api/change-pin', { token, body: { old_pin: newPin, new_pin: '3915', confirm_new_pin: '3915' } });
    await ok('/api/logout', { token });
    wire.assertKept();
  });

  it('a forgotten password: the reset link, its pin step refused for an account with a pin, and "this wasn\'t me"', async () => {
    const account = await signUpWithPin(t, PIN);
    await ok('/api/forgot', {
      body: { device: 'web', email: account.email, token: developmentCaptchaToken('forgot') },
    });
    const link = resetTokenFrom(t, account.email);
    await ok('/api/reset', {
      token: link,
      body: { new_password: 'another new passphrase', confirm_new_password: 'another new passphrase' },
    });
    expect(await ok('/api/reset-link', { token: link })).toEqual({ pin_set: true });
    const kept = await t.call('/api/set-pin', { token: link, body: { pin: '3915', confirm_pin: '3915' } });
    expect([kept.status, kept.body.data]).toEqual([409, { reason: 'pin-kept' }]);
    const notMe = /\/not-me\?token=([A-Za-z0-9_-]+)/.exec(
      latestMail(t, account.email, 'Your Naira Wallet password was reset').text,
    )![1];
    await ok('/api/not-me', { token: notMe });
    wire.assertKept();
  });

  it('wallet: identity first, account numbers, a transfer, activity, notifications, a card top-up', async () => {
    const account = await signUp(t);
    const { token } = account;
    const [first] = await createAccounts(t, token);
    expect((await devTransfer(t, { account_number: first.account_number, amount: 20_000 })).status).toBe(200);
    const page = await ok<{ data: Transaction[] }>('/api/fetch-transactions', {
      token,
      body: { pagination: 10, page: 1 },
    });
    await ok('/api/refresh-transaction', { token, body: { transaction_id: page.data[0].id } });
    for (const method of ['GET', 'POST'] as const)
      await t.call('/api/fetch-notifications', { method, token, ...(method === 'POST' ? { body: {} } : {}) });
    const [notification] = await ok<{ id: number }[]>('/api/fetch-notifications', { token });
    await ok('/api/mark-notification', { token, body: { notification_id: notification.id } });
    for (const action of ['pay', 'cancel']) {
      const started = await ok<CardTopUpStarted>('/api/card-topups', { token, body: { amount: 5_000 } });
      const checkout = new URL(started.authorization_url).pathname;
      expect((await t.app.inject({ method: 'GET', url: checkout })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `${checkout}/${action}` })).statusCode).toBe(303);
      await ok('/api/card-topups/verify', { token, body: { reference: started.reference } });
    }
    await ok('/api/funding', { token });
    await ok(`/dev/mailbox?to=${encodeURIComponent(account.email)}`, { method: 'GET', body: undefined });
    const today = lagosDay(t.clock.now());
    await ok('/api/statements/summary', { token, body: { from: today, to: today } });
    for (const format of ['csv', 'pdf']) {
      const download = await t.app.inject({
        method: 'POST',
        url: '/api/statements/download',
        headers: { authorization: `Bearer ${token}` },
        payload: { from: today, to: today, format },
      });
      expect(download.statusCode).toBe(200);
    }
    wire.assertKept();
  });

  it('purchases: the catalogue, every outcome, merchants, the pin refused, beneficiaries, a problem report', async () => {
    const buyer: SignedUp = await signUpWithPin(t, PIN);
    await verifyIdentities(t, buyer);
    const { token } = buyer;
    const [first] = await createAccounts(t, token);
    await devTransfer(t, { account_number: first.account_number, amount: 100_000 });
    for (const method of ['GET', 'POST'] as const)
      await t.call('/api/fetch-providers', { method, token, ...(method === 'POST' ? { body: {} } : {}) });
    const mtn = await providerId(t, 'airtime', 'MTN');
    const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
    const plan = await packageOf(t, 'MTN 1GB – 30 days');
    const delivered = await buy(t, token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 500,
      pin: PIN,
    });
    expect(delivered.status).toBe(200);
    expect(
      (await buy(t, token, 'airtime', { provider_id: mtn, beneficiary: '08031230002', amount: 500, pin: PIN })).status,
    ).toBe(200);
    expect(
      (await buy(t, token, 'airtime', { provider_id: mtn, beneficiary: '08031230001', amount: 500, pin: PIN })).status,
    ).toBe(502);
    expect(
      (await buy(t, token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 500, pin: '9513' }))
        .status,
    ).toBe(400);
    expect(
      (
        await buy(t, token, 'data', {
          provider_id: plan.providerId,
          package_id: plan.id,
          beneficiary: '08031234567',
          pin: PIN,
        })
      ).status,
    ).toBe(200);
    await ok('/api/verify-merchant', { token, body: { provider_id: ikeja, beneficiary: '45031234567' } });
    expect(
      (
        await buy(t, token, 'electricity-bill', {
          provider_id: ikeja,
          beneficiary: '45031234567',
          amount: 1_000,
          pin: PIN,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await buy(t, token, 'betting', {
          provider_id: await providerId(t, 'betting', 'Bet9ja'),
          beneficiary: '20231234',
          amount: 2_500,
          pin: PIN,
        })
      ).status,
    ).toBe(200);
    const compact = await packageOf(t, 'DStv Compact');
    await ok('/api/verify-merchant', { token, body: { provider_id: compact.providerId, beneficiary: '7012055678' } });
    expect(
      (
        await buy(t, token, 'tv-subscription', {
          provider_id: compact.providerId,
          package_id: compact.id,
          beneficiary: '7012055678',
          pin: PIN,
        })
      ).status,
    ).toBe(200);
    const utme = await packageOf(t, 'JAMB UTME ePIN');
    expect(
      (
        await buy(t, token, 'education', {
          provider_id: utme.providerId,
          package_id: utme.id,
          beneficiary: 'ab12cd34ef',
          pin: PIN,
        })
      ).status,
    ).toBe(200);
    await ok('/api/recent-beneficiaries', { token, body: { category: 'airtime' } });
    const saved = await ok<{ id: number }>('/api/beneficiaries/save', {
      token,
      body: { category: 'airtime', beneficiary: '08031234567', name: 'Mum', provider_id: mtn },
    });
    await ok('/api/beneficiaries/list', { token, body: { category: 'airtime' } });
    await ok('/api/beneficiaries/rename', { token, body: { beneficiary_id: saved.id, name: 'Mother' } });
    await ok('/api/beneficiaries/delete', { token, body: { beneficiary_id: saved.id } });
    const transactionId = delivered.body.data!.id;
    expect(
      await ok<ProblemReport | null>('/api/problem-reports/fetch', { token, body: { transaction_id: transactionId } }),
    ).toBeNull();
    await ok(
      '/api/problem-reports/create',
      { token, body: { transaction_id: transactionId, reason: 'not-received', note: 'No airtime came' } },
      201,
    );
    await ok('/api/problem-reports/fetch', { token, body: { transaction_id: transactionId } });
    wire.assertKept();
  });

  it('schedules: repeat a purchase, create, list, pause, resume, edit, authorise after a pin change, delete, the clock moved, a new price accepted', async () => {
    const buyer = await signUpWithPin(t, PIN);
    const { token } = buyer;
    const [first] = await createAccounts(t, token);
    await devTransfer(t, { account_number: first.account_number, amount: 20_000 });
    const bought = await buy(t, token, 'airtime', {
      provider_id: await providerId(t, 'airtime', 'MTN'),
      beneficiary: '08031234567',
      amount: 500,
      pin: PIN,
    });
    const draft = await ok<ScheduleDraft>('/api/schedules/draft', {
      token,
      body: { transaction_id: bought.body.data!.id },
    });
    const form = { ...draft, frequency: 'daily', time: '09:00', end: { kind: 'never' }, pin: PIN };
    const schedule = await ok<Schedule>('/api/schedules/create', { token, body: form });
    await ok('/api/schedules/list', { token });
    await ok('/api/schedules/pause', { token, body: { schedule_id: schedule.id } });
    await ok('/api/schedules/resume', { token, body: { schedule_id: schedule.id } });
    await ok('/api/schedules/update', { token, body: { ...form, schedule_id: schedule.id, time: '10:00' } });
    await ok('/dev/clock', { body: { advance_ms: 24 * 3_600_000 } });
    await ok('/api/schedules/list', { token });
    // A pin change pauses every schedule until its owner authorises it again with the new pin.
    const newPin = '7391';
    await ok('/api/change-pin', { token, body: { old_pin: PIN, new_pin: newPin, confirm_new_pin: newPin } });
    await ok('/api/schedules/authorise', { token, body: { schedule_id: schedule.id, pin: newPin } });
    await ok('/api/schedules/delete', { token, body: { schedule_id: schedule.id } });
    // A plan repriced as a biller's list would: its schedule pauses at its run until the price is accepted.
    const oneGig = await packageOf(t, 'MTN 1GB – 30 days');
    const data = await ok<Schedule>('/api/schedules/create', {
      token,
      body: { ...form, category: 'data', provider_id: oneGig.providerId, package_id: oneGig.id, pin: newPin },
    });
    const dearer = await ok<{ package_id: number }>('/dev/catalog/reprice', {
      body: { package_id: oneGig.id, amount: oneGig.amount + 100 },
    });
    // To its next run, whatever the time of day the test runs at (a run found hours late is missed).
    const { now } = await ok<{ now: string }>('/dev/clock');
    const untilRun = Date.parse(data.next_run_at!) - Date.parse(now) + 60_000;
    await ok('/dev/clock', { body: { advance_ms: untilRun } });
    await ok('/api/schedules/accept-price', { token, body: { schedule_id: data.id, pin: newPin } });
    await ok('/dev/catalog/reprice', { body: { package_id: dearer.package_id, amount: oneGig.amount } });
    wire.assertKept();
  });

  it('passkeys: added, renamed, used to sign in and to buy, refused, removed', async () => {
    const account = await signUpWithPin(t);
    const { token } = account;
    await verifyIdentities(t, account);
    const [first] = await createAccounts(t, token);
    await devTransfer(t, { account_number: first.account_number, amount: 1_000 });
    const phone = new SoftAuthenticator(t.config.passkeys.origin);
    await ok('/api/passkeys/list', { token });
    const adding = await ok<PasskeyCeremony>('/api/passkeys/add/start', {
      token,
      body: { password: account.password },
    });
    const added = await ok<Passkey>('/api/passkeys/add', {
      token,
      body: { ceremony: adding.ceremony, response: phone.register(adding.options), name: 'Phone' },
    });
    await ok('/api/passkeys/rename', { token, body: { passkey_id: added.id, name: 'Work phone' } });
    const signingIn = await ok<PasskeyCeremony>('/api/passkeys/sign-in/start');
    const response = phone.assert(signingIn.options);
    await ok('/api/passkeys/sign-in', { body: { ceremony: signingIn.ceremony, response } });
    await ok('/api/passkeys/sign-in', { body: { ceremony: signingIn.ceremony, response } }, 400);
    const confirming = await ok<PasskeyCeremony>('/api/passkeys/confirm/start', { token });
    const mtn = await providerId(t, 'airtime', 'MTN');
    const passkey = { ceremony: confirming.ceremony, response: phone.assert(confirming.options) };
    const bought = await buy(t, token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      passkey,
    });
    expect(bought.status, bought.body.message).toBe(200);
    await ok('/api/passkeys/remove', { token, body: { passkey_id: added.id } });
    const gone = await ok<PasskeyCeremony>('/api/passkeys/sign-in/start');
    await ok('/api/passkeys/sign-in', { body: { ceremony: gone.ceremony, response: phone.assert(gone.options) } }, 403);
    wire.assertKept();
  });

  it('health, and every answer of the journeys kept to its description', async () => {
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready'])
      await ok(path, { method: 'GET', body: undefined });
    wire.assertKept();
    const routes = new Set([...wire.answered].map((answer) => answer.replace(/ \d+$/, '')));
    expect(routes.size).toBeGreaterThanOrEqual(55);
    // What no journey here reaches: retrying a failed run needs a schedule whose run failed
    // (schedules.test.ts has it).
    const documented = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const operations = Object.entries(
      documented.json<{ paths: Record<string, Record<string, unknown>> }>().paths,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const unreached = operations.filter((operation) => !routes.has(operation));
    expect(unreached.sort()).toEqual(['POST /api/schedules/retry']);
  });
});
