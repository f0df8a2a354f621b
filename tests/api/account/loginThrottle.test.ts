import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../../core/contract';
import { loadConfig } from '../../../server/config';
import { delayAfter, LOGIN_THROTTLE, loginEmailSubject } from '../../../server/services/account/loginThrottle';
import type * as Passwords from '../../../server/services/account/passwords';
import { verifyPassword, verifyPasswordOfNobody } from '../../../server/services/account/passwords';
import { newPerson, resetTokenFrom, signUp, signUpWithPin } from '../../support/api/accounts';
import { startReplicas, testConfig, type Reply, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

// Every password check is counted: a refused attempt must cost no argon2 hash.
vi.mock('../../../server/services/account/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    verifyPassword: vi.fn(actual.verifyPassword),
    verifyPasswordOfNobody: vi.fn(actual.verifyPasswordOfNobody),
  };
});
const passwordChecks = () =>
  vi.mocked(verifyPassword).mock.calls.length + vi.mocked(verifyPasswordOfNobody).mock.calls.length;

const HUMAN = 'dev-ok:login';
const WRONG = 'not-the-password-1';
const FAILED = { type: 'error', message: 'invalid email or password' };
const CAPTCHA_REQUIRED = {
  type: 'error',
  message: 'please complete the bot check to log in: there were too many failed attempts',
  data: { reason: 'captcha-required' },
};
const RESET_REQUIRED = {
  type: 'error',
  message: 'too many failed attempts: reset your password with "Forgot password?" to log in',
  data: { reason: 'reset-required' },
};
const WARNING = 'Failed attempts to log in to your Naira Wallet account';
const BLOCKED = 'Logging in to your Naira Wallet account is blocked';

/** The answer to an attempt made too early: 429 and the wait, as a person reads it. */
const tooEarly = (wait: string) => ({
  status: 429,
  body: { type: 'error', message: `too many failed attempts, please try again in about ${wait}` },
});
const waitOf = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
};
const answer = (reply: Reply<unknown>) => ({ status: reply.status, body: reply.body });

interface Attempt {
  email: string;
  password?: string;
  token?: string;
  remoteAddress?: string;
}

const attempt = (t: TestApp, { email, password = WRONG, token, remoteAddress = '198.51.100.7' }: Attempt) =>
  t.call<UserData>('/api/login', {
    body: { device: 'web', email, password, ...(token ? { token } : {}) },
    remoteAddress,
  });

/** Fails `count` more times in a row, each when its delay has passed and with a captcha token once needed. */
async function failInARow(t: TestApp, email: string, count: number, from = 0, remoteAddress?: string) {
  for (let failures = from; failures < from + count; failures++) {
    t.clock.advance(delayAfter(failures));
    const token = failures >= LOGIN_THROTTLE.captchaAfter ? HUMAN : undefined;
    expect(answer(await attempt(t, { email, token, remoteAddress })), `failure ${failures + 1}`).toEqual({
      status: 401,
      body: FAILED,
    });
  }
}

/** `failures` failures in a row of `email`, the last one now, as the throttle records them. */
async function failedBefore(t: TestApp, email: string, failures: number) {
  const now = t.clock.now();
  await t.db
    .insertInto('login_failures')
    .values({ subject: loginEmailSubject(t.ctx, email), failures, window_start: now, last_failure_at: now })
    .execute();
}

const warnings = (t: TestApp, email: string, subject = WARNING) =>
  t.outbox.list(email).filter((mail) => mail.subject === subject);

describe.each(backends)('login throttling on $name', (backend) => {
  describe('two replicas on one database', () => {
    let pair: Awaited<ReturnType<typeof startReplicas>>;
    // Started by hand: useTestApp starts one app.
    beforeAll(async () => {
      pair = await startReplicas(backend);
    });
    afterAll(() => pair.close());

    it('counts failures on every replica: after five, a captcha and a growing delay, wherever the attempt lands', async () => {
      const [a, b] = pair.replicas;
      const account = await signUp(a);
      // Attack: spread guesses over the replicas, as a load balancer does.
      for (let i = 0; i < 4; i++)
        expect(answer(await attempt(a, { email: account.email }))).toEqual({ status: 401, body: FAILED });
      expect(answer(await attempt(b, { email: account.email }))).toEqual({ status: 401, body: FAILED });

      // The fifth failure (on B) starts a 1-second delay on A, even for the right password.
      expect(answer(await attempt(a, { email: account.email, password: account.password, token: HUMAN }))).toEqual(
        tooEarly('1 second'),
      );
      pair.clock.advance(1_000);
      expect(answer(await attempt(a, { email: account.email, password: account.password }))).toEqual({
        status: 403,
        body: CAPTCHA_REQUIRED,
      });
      expect(answer(await attempt(b, { email: account.email, password: account.password, token: 'forged' }))).toEqual({
        status: 403,
        body: { ...CAPTCHA_REQUIRED, message: 'the bot check failed, please reload the page and try again' },
      });
      // None of the refusals counted: the sixth failure waits 2 seconds, not more.
      expect(answer(await attempt(b, { email: account.email, token: HUMAN }))).toEqual({ status: 401, body: FAILED });
      expect(answer(await attempt(a, { email: account.email, password: account.password, token: HUMAN }))).toEqual(
        tooEarly('2 seconds'),
      );
      pair.clock.advance(2_000);

      // The owner logs in (with the captcha), and the count starts again from zero.
      expect((await attempt(a, { email: account.email, password: account.password, token: HUMAN })).status).toBe(200);
      for (let i = 0; i < 4; i++)
        expect(answer(await attempt(b, { email: account.email }))).toEqual({ status: 401, body: FAILED });
      expect((await attempt(a, { email: account.email, password: account.password })).status).toBe(200);
    });
  });

  describe('one replica', () => {
    const t = useTestApp(backend);

    it('doubles the delay from 1 second up to 15 minutes; an early attempt checks no password and counts nothing', async () => {
      const account = await signUp(t);
      await failInARow(t, account.email, 5);
      for (let failures = 5; failures < 18; failures++) {
        const delay = delayAfter(failures);
        expect(delay).toBe(Math.min(1_000 * 2 ** (failures - 5), 15 * 60_000));
        const checks = passwordChecks();
        expect(answer(await attempt(t, { email: account.email, password: account.password, token: HUMAN }))).toEqual(
          tooEarly(waitOf(delay)),
        );
        t.clock.advance(delay - 1);
        expect(answer(await attempt(t, { email: account.email, password: account.password, token: HUMAN }))).toEqual(
          tooEarly('1 second'),
        );
        expect(passwordChecks()).toBe(checks);
        t.clock.advance(1);
        expect(answer(await attempt(t, { email: account.email, token: HUMAN }))).toEqual({ status: 401, body: FAILED });
        expect(passwordChecks()).toBe(checks + 1);
      }
      expect(answer(await attempt(t, { email: account.email, token: HUMAN }))).toEqual(tooEarly('15 minutes'));
    }, 60_000);

    it('answers an unknown e-mail exactly like a known one, at the cost of one hash per checked attempt', async () => {
      const known = await signUp(t);
      const unknown = newPerson().email;
      const run = async (email: string) => {
        const answers = [];
        const checks = passwordChecks();
        for (let i = 0; i < 7; i++) {
          answers.push(answer(await attempt(t, { email })));
          answers.push(answer(await attempt(t, { email, token: HUMAN })));
          t.clock.advance(1_000 * 2 ** Math.max(0, i - 4));
        }
        return { answers, checks: passwordChecks() - checks };
      };
      const [ofKnown, ofUnknown] = [await run(known.email), await run(unknown)];
      expect(ofUnknown).toEqual(ofKnown);
      // Five free failures, then one captcha-backed attempt per delay: seven hashes for fourteen attempts.
      expect(ofKnown.checks).toBe(7);
      expect(ofKnown.answers).toContainEqual({ status: 403, body: CAPTCHA_REQUIRED });
      expect(t.outbox.list(unknown)).toEqual([]);
    });

    it('lets through at most one password check per counted attempt, however many arrive at once', async () => {
      const account = await signUp(t);
      const checks = passwordChecks();
      const replies = await Promise.all(Array.from({ length: 20 }, () => attempt(t, { email: account.email })));
      // Attack: twenty parallel guesses before the captcha starts. Five are checked; the rest wait.
      expect(replies.filter((r) => r.status === 401)).toHaveLength(LOGIN_THROTTLE.captchaAfter);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(20 - LOGIN_THROTTLE.captchaAfter);
      expect(passwordChecks() - checks).toBe(LOGIN_THROTTLE.captchaAfter);
    });

    it('e-mails the owner once per burst: at the 5th and the 20th failure in a row', async () => {
      const account = await signUp(t);
      await failInARow(t, account.email, 4);
      expect(warnings(t, account.email)).toEqual([]);
      await failInARow(t, account.email, 1, 4);
      // Queued without holding up the answer (a known account's must take no longer): it follows it.
      await expect.poll(() => warnings(t, account.email)).toHaveLength(1);
      expect(warnings(t, account.email)[0].text).toContain(
        'a wrong password for your Naira Wallet account 5 times in a row',
      );
      await failInARow(t, account.email, 14, 5);
      expect(warnings(t, account.email)).toHaveLength(1);
      await failInARow(t, account.email, 1, 19);
      await expect.poll(() => warnings(t, account.email)).toHaveLength(2);
      expect(warnings(t, account.email)[0].text).toContain(
        'a wrong password for your Naira Wallet account 20 times in a row',
      );
      await failInARow(t, account.email, 3, 20);
      expect(warnings(t, account.email)).toHaveLength(2);
    }, 60_000);

    it("says its refusals in the request's language: the wait, the bot check and the reset", async () => {
      const account = await signUp(t);
      const inHausa = (token?: string) =>
        t.call('/api/login', {
          body: { device: 'web', email: account.email, password: account.password, ...(token ? { token } : {}) },
          headers: { 'accept-language': 'ha' },
          remoteAddress: '198.51.100.7',
        });
      await failInARow(t, account.email, 5);
      expect(answer(await inHausa())).toEqual({
        status: 429,
        body: {
          type: 'error',
          message: 'ƙoƙarin shiga marasa nasara sun yi yawa, da fatan ku sake gwadawa bayan kamar daƙiƙa 1',
        },
      });
      t.clock.advance(1_000);
      expect(answer(await inHausa())).toEqual({
        status: 403,
        body: {
          ...CAPTCHA_REQUIRED,
          message: 'da fatan ku kammala gwajin tabbatar da ɗan Adam don shiga: an sami ƙoƙari marasa nasara da yawa',
        },
      });
      expect((await inHausa('forged')).body.message).toBe(
        'gwajin tabbatar da ɗan Adam bai yi nasara ba, da fatan ku sake loda shafin ku sake gwadawa',
      );
      // Past the ceiling, the reset is asked for in Hausa too, with the same reason.
      await t.db
        .updateTable('login_failures')
        .set({ failures: LOGIN_THROTTLE.resetRequiredAfter })
        .where('subject', '=', loginEmailSubject(t.ctx, account.email))
        .execute();
      expect(answer(await inHausa(HUMAN))).toEqual({
        status: 429,
        body: {
          ...RESET_REQUIRED,
          message:
            'ƙoƙari marasa nasara sun yi yawa: ku sake saita kalmar sirrinku da “Kun manta kalmar sirri?” don shiga',
        },
      });
    });

    it('never locks the owner out for good: after 100 failures in a row only a password reset opens the account again', async () => {
      const account = await signUp(t);
      // Attack: a stranger fails 100 times (captcha and delays paid: about a day of waiting); the
      // first 98 are written straight to the table, the last two go through the API.
      await failedBefore(t, account.email, 98);
      await failInARow(t, account.email, 2, 98);
      await expect.poll(() => warnings(t, account.email, BLOCKED)).toHaveLength(1);
      expect(warnings(t, account.email, BLOCKED)[0].text).toContain(`${t.config.publicUrl}/forgot`);
      t.clock.advance(24 * 60 * 60_000);
      const checks = passwordChecks();
      expect(answer(await attempt(t, { email: account.email, password: account.password, token: HUMAN }))).toEqual({
        status: 429,
        body: RESET_REQUIRED,
      });
      expect(passwordChecks()).toBe(checks);
      // An unknown e-mail that far gets the same answer.
      const unknown = newPerson().email;
      await failedBefore(t, unknown, 98);
      await failInARow(t, unknown, 2, 98);
      expect(answer(await attempt(t, { email: unknown, token: HUMAN }))).toEqual({ status: 429, body: RESET_REQUIRED });

      // The owner resets the password with the e-mailed link and logs in at once, without a captcha.
      expect(
        (await t.call('/api/forgot', { body: { device: 'web', email: account.email, token: 'dev-ok:forgot' } })).status,
      ).toBe(200);
      const token = resetTokenFrom(t, account.email);
      const reset = await t.call('/api/reset', {
        token,
        body: { new_password: 'a new password 2026', confirm_new_password: 'a new password 2026' },
      });
      expect(reset.status).toBe(200);
      expect((await attempt(t, { email: account.email, password: 'a new password 2026' })).status).toBe(200);
    });
  });

  describe('password checks on signed-in screens', () => {
    const t = useTestApp(backend);

    const changePassword = (token: string, oldPassword: string) =>
      t.call('/api/change-password', {
        token,
        body: {
          old_password: oldPassword,
          new_password: 'a brand new passphrase',
          confirm_new_password: 'a brand new passphrase',
        },
      });

    // The attack: someone holding a session (a shared phone, a stolen token) guesses the password
    // on change-password and reset-pin, at 10 per 15 minutes each, never meeting login's
    // captcha, waits or ceiling; the right guess then opens every other door.
    it("share login's count, waits and ceiling: a session buys no extra guesses", async () => {
      const account = await signUpWithPin(t, '4826');
      for (let i = 0; i < LOGIN_THROTTLE.captchaAfter; i++)
        expect((await changePassword(account.token, `${WRONG}${i}`)).status).toBe(400);
      // The sixth guess waits like a login's would, and checks no password.
      const checks = passwordChecks();
      expect(answer(await changePassword(account.token, account.password))).toEqual(tooEarly('1 second'));
      const resetPin = await t.call('/api/reset-pin', {
        token: account.token,
        body: { password: account.password, otp: '0000', pin: '6048', confirm_pin: '6048' },
      });
      expect(answer(resetPin)).toEqual(tooEarly('1 second'));
      expect(passwordChecks()).toBe(checks);
      // The same count: once the wait is over, a login needs the bot check.
      t.clock.advance(delayAfter(LOGIN_THROTTLE.captchaAfter));
      expect(answer(await attempt(t, { email: account.email, password: account.password }))).toEqual({
        status: 403,
        body: CAPTCHA_REQUIRED,
      });
      // The owner was told at the fifth wrong password, wherever it was typed.
      expect(warnings(t, account.email)).toHaveLength(1);

      // Past the ceiling, no screen checks the password any more.
      await t.db
        .updateTable('login_failures')
        .set({ failures: LOGIN_THROTTLE.resetRequiredAfter })
        .where('subject', '=', loginEmailSubject(t.ctx, account.email))
        .execute();
      t.clock.advance(24 * 60 * 60_000);
      expect(answer(await changePassword(account.token, account.password))).toEqual({
        status: 429,
        body: RESET_REQUIRED,
      });
    });

    it('a right password on a signed-in screen clears the count, as a login does', async () => {
      const account = await signUpWithPin(t, '4826');
      for (let i = 0; i < 3; i++) expect((await changePassword(account.token, `${WRONG}${i}`)).status).toBe(400);
      expect((await changePassword(account.token, account.password)).status).toBe(200);
      expect(
        await t.db
          .selectFrom('login_failures')
          .select('failures')
          .where('subject', '=', loginEmailSubject(t.ctx, account.email))
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  describe('per-address cap', () => {
    const CAP = 30;
    const t = useTestApp(backend, () => {
      // The test configuration multiplies every per-client limit by 1000; this one runs at its real value.
      expect(loadConfig({ APP_MODE: 'development' }).config.rateLimits.loginFailures).toEqual({
        max: CAP,
        windowMs: 15 * 60_000,
      });
      return {
        config: { rateLimits: { ...testConfig().rateLimits, loginFailures: { max: CAP, windowMs: 15 * 60_000 } } },
      };
    });

    it('answers the 31st failed login from one address in 15 minutes with 429, whatever the e-mail; other addresses are heard', async () => {
      const account = await signUp(t);
      // Attack: one guess on each of many e-mails (credential stuffing), so no account's own count grows.
      const address = '203.0.113.77';
      expect(
        (await attempt(t, { email: account.email, password: account.password, remoteAddress: address })).status,
      ).toBe(200);
      for (let i = 0; i < CAP; i++)
        expect((await attempt(t, { email: newPerson().email, remoteAddress: address })).status).toBe(401);
      const checks = passwordChecks();
      expect(
        answer(await attempt(t, { email: account.email, password: account.password, remoteAddress: address })),
      ).toEqual(tooEarly('15 minutes'));
      expect(passwordChecks()).toBe(checks);
      expect(
        (await attempt(t, { email: account.email, password: account.password, remoteAddress: '203.0.113.78' })).status,
      ).toBe(200);
      t.clock.advance(15 * 60_000);
      expect(
        (await attempt(t, { email: account.email, password: account.password, remoteAddress: address })).status,
      ).toBe(200);
    }, 60_000);

    it('counts an IPv6 client by its /64', async () => {
      const account = await signUp(t);
      for (let i = 0; i < CAP / 2; i++)
        expect((await attempt(t, { email: newPerson().email, remoteAddress: '2001:db8::1' })).status).toBe(401);
      for (let i = 0; i < CAP / 2; i++)
        expect((await attempt(t, { email: newPerson().email, remoteAddress: '2001:db8::2' })).status).toBe(401);
      expect(
        (await attempt(t, { email: account.email, password: account.password, remoteAddress: '2001:db8::3' })).status,
      ).toBe(429);
      expect(
        (await attempt(t, { email: account.email, password: account.password, remoteAddress: '2001:db8:0:1::1' }))
          .status,
      ).toBe(200);
    }, 60_000);
  });
});
