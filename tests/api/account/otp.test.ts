import { describe, expect, it } from 'vitest';
import type { Notification, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { GatewayError } from '../../../server/errors';
import { latestCode, signUp } from '../../support/api/accounts';
import { startTestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const OTP_RESEND = 59 * SECOND;

describe.each(backends)('e-mail verification on $name', (backend) => {
  const t = useTestApp(backend);

  const resend = (token: string) => t.call('/api/resend-otp', { token });
  const verify = (token: string, otp: unknown) => t.call<UserData>('/api/verify-otp', { token, body: { otp } });
  const userId = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** A 4-digit code that is certainly not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  describe('POST /api/resend-otp', () => {
    it('e-mails a 4-digit code and says where it went', async () => {
      const account = await signUp(t);
      const reply = await resend(account.token);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ type: 'success', message: 'a verification code has been sent to your email' });
      const [mail] = t.outbox.list(account.email);
      expect(mail.subject).toBe('Your verification code');
      expect(latestCode(t, account.email)).toMatch(/^\d{4}$/);
    });

    it('paces resends to the 59-second countdown with the exact message of the spec', async () => {
      const account = await signUp(t);
      await resend(account.token);
      t.clock.advance(10 * SECOND + 200);
      const early = await resend(account.token);
      expect(early.status).toBe(429);
      expect(early.body).toEqual({ type: 'error', message: 'you will be able to resend otp in about 49 seconds' });
      expect(early.body.message).toBe(messages.resendIn.message.replace('{seconds}', '49'));
      t.clock.advance(48 * SECOND);
      expect((await resend(account.token)).body.message).toBe('you will be able to resend otp in about 1 seconds');
      t.clock.advance(1 * SECOND);
      expect((await resend(account.token)).status).toBe(200);
      expect(t.outbox.list(account.email)).toHaveLength(2);
    });

    it('sends one code when several resends arrive at once', async () => {
      const account = await signUp(t);
      const replies = await Promise.all(Array.from({ length: 5 }, () => resend(account.token)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
      expect(t.outbox.list(account.email)).toHaveLength(1);
    });

    it('caps sends at 6 an hour', async () => {
      const account = await signUp(t);
      for (let i = 0; i < 6; i++) {
        expect((await resend(account.token)).status).toBe(200);
        t.clock.advance(60 * SECOND);
      }
      const capped = await resend(account.token);
      expect(capped.status).toBe(429);
      expect(capped.body).toEqual({
        type: 'error',
        message: 'too many codes requested, please try again in about 54 minutes',
      });
      t.clock.advance(54 * MINUTE);
      expect((await resend(account.token)).status).toBe(200);
    });

    it('answers 409 once the e-mail is verified', async () => {
      const account = await signUp(t);
      await resend(account.token);
      await verify(account.token, latestCode(t, account.email));
      expect(await resend(account.token)).toMatchObject({
        status: 409,
        body: { type: 'error', message: 'email already verified' },
      });
    });

    it('withdraws the code when the mail cannot be sent, so the user may retry at once', async () => {
      const failing = await startTestApp(backend, {
        mailer: {
          send: async () => {
            throw new GatewayError('we could not send the e-mail right now, please try again in a moment', {
              retryAfterS: 10,
            });
          },
        },
      });
      try {
        const account = await signUp(failing);
        for (let i = 0; i < 2; i++) {
          const reply = await failing.call('/api/resend-otp', { token: account.token });
          expect(reply).toMatchObject({ status: 503, headers: { 'retry-after': '10' } });
          expect(reply.body).toEqual({
            type: 'error',
            message: 'we could not send the e-mail right now, please try again in a moment',
          });
        }
        expect(await failing.db.selectFrom('email_otps').selectAll().execute()).toEqual([]);
      } finally {
        await failing.close();
      }
    });
  });

  describe('POST /api/verify-otp', () => {
    it('verifies the address, answers the user fields and welcomes the user', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const reply = await verify(account.token, latestCode(t, account.email));
      expect(reply.status).toBe(200);
      expect(reply.body.message).toBe('email verified successfully');
      expect(reply.body.data).toMatchObject({
        email: account.email,
        token: account.token,
        email_verified_at: t.clock.now().toISOString(),
      });
      const notifications = await t.call<Notification[]>('/api/fetch-notifications', { token: account.token });
      expect(notifications.body.data).toEqual([
        {
          id: expect.any(Number),
          title: 'Welcome to Naira Wallet',
          content: expect.any(String),
          status: 'unread',
          created_at: t.clock.now().toISOString(),
        },
      ]);
    });

    it.each([
      ['missing', undefined],
      ['three digits', '123'],
      ['five digits', '12345'],
      ['letters', 'abcd'],
    ])('answers a code that is %s with 422', async (_case, otp) => {
      const account = await signUp(t);
      const reply = await verify(account.token, otp);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ type: 'error', message: messages.enterOtp.message });
    });

    it('answers a code sent as a number with 422: leading zeros matter', async () => {
      const account = await signUp(t);
      expect(await verify(account.token, 1234)).toMatchObject({
        status: 422,
        body: { type: 'error', message: 'otp must be text' },
      });
    });

    it('answers a wrong code with 400 and keeps the address unverified', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const reply = await verify(account.token, wrong(latestCode(t, account.email)));
      expect(reply).toMatchObject({ status: 400, body: { type: 'error', message: 'invalid or expired code' } });
      expect(
        (await t.call<UserData>('/api/get-user', { token: account.token })).body.data!.email_verified_at,
      ).toBeNull();
    });

    it('answers 400 before any code was sent', async () => {
      const account = await signUp(t);
      expect((await verify(account.token, '1234')).status).toBe(400);
    });

    it('lets a code expire after 10 minutes', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      t.clock.advance(10 * MINUTE);
      expect((await verify(account.token, code)).body.message).toBe('invalid or expired code');
    });

    it('accepts only the newest code', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const first = latestCode(t, account.email);
      t.clock.advance(OTP_RESEND);
      await resend(account.token);
      const second = latestCode(t, account.email);
      if (first !== second) expect((await verify(account.token, first)).status).toBe(400);
      expect((await verify(account.token, second)).status).toBe(200);
    });

    it('locks after 5 wrong codes, even the right one, for 30 minutes', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      for (let i = 0; i < 5; i++) expect((await verify(account.token, wrong(code))).status).toBe(400);
      const locked = await verify(account.token, code);
      expect(locked).toMatchObject({
        status: 429,
        body: { type: 'error', message: 'too many wrong codes, please try again in about 30 minutes' },
      });
      expect((await resend(account.token)).status).toBe(429);

      t.clock.advance(30 * MINUTE);
      await resend(account.token);
      expect((await verify(account.token, latestCode(t, account.email))).status).toBe(200);
    });

    // The attack: the count used to clear when a lock ended, so a guesser got 5 fresh guesses
    // every 30 minutes — about 240 a day at a 4-digit code, the whole space in six weeks.
    it('keeps the count past the end of a lock: a day of guessing checks about ten codes, then a new code is required and the owner told', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      // Every 5 minutes of a day, wrong guesses until one is refused.
      let checked = 0;
      for (let step = 0; step < (24 * 60) / 5; step++) {
        for (let burst = 0; burst < 10; burst++) {
          const reply = await verify(account.token, wrong(code));
          if (reply.status !== 400) break;
          checked += 1;
        }
        t.clock.advance(5 * MINUTE);
      }
      console.log(`e-mail code guesses checked in a day of trying (every 5 minutes until refused): ${checked}`);
      expect(checked).toBeLessThanOrEqual(12);
      // Three locks voided the code: the right one is no longer accepted...
      expect((await verify(account.token, code)).status).not.toBe(200);
      const warnings = t.outbox
        .list(account.email)
        .filter((mail) => mail.subject === 'Wrong codes typed for your Naira Wallet e-mail check');
      expect(warnings).toHaveLength(1);
      // ...and once the lock is over, a new code verifies the address (the count clears on success).
      t.clock.advance(24 * 60 * MINUTE);
      expect((await resend(account.token)).status).toBe(200);
      expect((await verify(account.token, latestCode(t, account.email))).status).toBe(200);
    });

    it('keeps counting wrong codes across resends', async () => {
      const account = await signUp(t);
      for (let round = 0; round < 2; round++) {
        await resend(account.token);
        const code = latestCode(t, account.email);
        const guesses = round === 0 ? 3 : 2;
        for (let i = 0; i < guesses; i++) expect((await verify(account.token, wrong(code))).status).toBe(400);
        t.clock.advance(OTP_RESEND);
      }
      // 3 + 2 wrong guesses over two codes: the budget of 5 is spent.
      expect((await resend(account.token)).status).toBe(429);
      expect((await verify(account.token, '0000')).status).toBe(429);
    });

    it('allows exactly 5 wrong guesses even when 12 arrive at once', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      const replies = await Promise.all(Array.from({ length: 12 }, () => verify(account.token, wrong(code))));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    });

    it('gives a fresh budget after a success', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      for (let i = 0; i < 4; i++) await verify(account.token, wrong(code));
      expect((await verify(account.token, code)).status).toBe(200);
      expect(
        await t.db
          .selectFrom('failed_attempts')
          .selectAll()
          .where('user_id', '=', await userId(account.email))
          .execute(),
      ).toEqual([]);
    });

    it('answers 409 for a verified address', async () => {
      const account = await signUp(t);
      await resend(account.token);
      const code = latestCode(t, account.email);
      await verify(account.token, code);
      expect((await verify(account.token, code)).status).toBe(409);
    });
  });
});
