import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Notification, UserData } from '../../../core/contract';
import { GatewayError } from '../../../server/errors';
import { SMS_NOT_SENT } from '../../../server/gateways/termiiSms';
import { latestPhoneCode, newPhone, signUp, signUpVerified, verifyPhone } from '../../support/api/accounts';
import { startTestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * Verifying the phone on file with a code texted to it: six digits, the text's last line in the
 * origin-bound format a phone's browser fills in by itself, the code bound to that number, paced,
 * guessed a few times at most, expiring, and never anywhere but the text: not in the outbox, not
 * in a log line. Changing the phone unverifies it; the profile's answer stays what it was.
 */
const MINUTE = 60_000;

describe.each(backends)('phone verification on $name', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });

  const sendCode = (token: string) => t.call('/api/send-phone-code', { token });
  const verify = (token: string, otp: unknown) => t.call<UserData>('/api/verify-phone', { token, body: { otp } });
  const user = async (token: string) => (await t.call<UserData>('/api/get-user', { token })).body.data!;
  /** A six-digit code that is certainly not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('texts a six-digit code whose last line is the origin-bound format, and verifies the phone with it', async () => {
    const account = await signUpVerified(t, { phone: newPhone() });
    expect((await user(account.token)).phone_verified).toBe(false);

    const sent = await sendCode(account.token);
    expect(sent.body).toEqual({ type: 'success', message: 'we have texted a code to your phone' });
    const [text] = t.texts.list(account.phone);
    const code = latestPhoneCode(t, account.phone);
    expect(code).toMatch(/^\d{6}$/);
    const textLines = text.text.split('\n');
    // "@<host> #<code>", the host of the site's public URL and nothing after it.
    expect(textLines.at(-1)).toBe(`@${new URL(t.config.publicUrl).hostname} #${code}`);
    expect(textLines.at(-2)).toBe('');
    expect(text.text.length).toBeLessThanOrEqual(160);
    // Also found by the number's international form.
    expect(t.texts.list(`+234${account.phone.slice(1)}`)).toHaveLength(1);

    const verified = await verify(account.token, code);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('your phone number is verified: we will text you the outcome of every payment');
    expect(verified.body.data!.phone_verified).toBe(true);
    expect((await user(account.token)).phone_verified).toBe(true);
    const notifications = await t.call<Notification[]>('/api/fetch-notifications', { token: account.token });
    expect(notifications.body.data!.map((n) => n.title)).toContain('Phone number verified');

    expect(await sendCode(account.token)).toMatchObject({
      status: 409,
      body: { message: 'your phone number is already verified' },
    });
    expect((await verify(account.token, code)).status).toBe(409);
  });

  it('keeps the code out of the outbox, the e-mails and every log line', async () => {
    const account = await signUpVerified(t, { phone: newPhone() });
    await sendCode(account.token);
    const code = latestPhoneCode(t, account.phone);
    await verify(account.token, wrong(code));
    await verify(account.token, code);
    const { rows } = await sql<{ stored: string }>`SELECT row_to_json(o)::text AS stored FROM outbox o`.execute(t.db);
    for (const row of rows) expect(row.stored).not.toContain(code);
    expect(JSON.stringify(t.outbox.list(account.email))).not.toContain(code);
    expect(lines.length).toBeGreaterThan(0);
    // In any text of any line, but not inside a run of hex digits (a request id may hold any six by chance).
    const holding = new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`, 'i');
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value
          ? Object.values(value).flatMap(texts)
          : [];
    expect(lines.filter((line) => texts(JSON.parse(line)).some((text) => holding.test(text)))).toEqual([]);
  });

  it('refuses a code that is not six digits with 422, and a wrong one with 400, then locks after five', async () => {
    const account = await signUpVerified(t, { phone: newPhone() });
    for (const otp of [undefined, '12345', '1234567', 'abcdef'])
      expect(await verify(account.token, otp)).toMatchObject({
        status: 422,
        body: { message: 'please enter the code we texted to your phone' },
      });
    await sendCode(account.token);
    const code = latestPhoneCode(t, account.phone);
    for (let guess = 1; guess <= 5; guess++)
      expect(await verify(account.token, wrong(code))).toMatchObject({
        status: 400,
        body: { message: 'invalid or expired code' },
      });
    // Locked: even the right code waits out the lock.
    expect(await verify(account.token, code)).toMatchObject({
      status: 429,
      body: { message: 'too many wrong codes, please try again in about 30 minutes' },
    });
    // The lock is over, but the code has expired meanwhile (ten minutes): a new one is needed.
    t.clock.advance(30 * MINUTE);
    await sendCode(account.token);
    expect((await verify(account.token, latestPhoneCode(t, account.phone))).status).toBe(200);
  });

  it('lets a code expire after ten minutes, and paces new ones to the 59-second countdown', async () => {
    const account = await signUpVerified(t, { phone: newPhone() });
    await sendCode(account.token);
    expect(await sendCode(account.token)).toMatchObject({
      status: 429,
      body: { message: 'you will be able to resend otp in about 59 seconds' },
    });
    const code = latestPhoneCode(t, account.phone);
    t.clock.advance(10 * MINUTE);
    expect((await verify(account.token, code)).status).toBe(400);
    expect(t.texts.list(account.phone)).toHaveLength(1);
  });

  it('unverifies a changed phone, and a code sent to the old number does not verify the new one', async () => {
    const first = newPhone();
    const account = await signUpVerified(t, { phone: first });
    await verifyPhone(t, account);
    expect((await sendCode(account.token)).status).toBe(409);

    const second = newPhone();
    const saved = await t.call<UserData>('/api/update-profile', {
      token: account.token,
      body: { device: 'web', name: account.name, phone: second },
    });
    // The profile's answer is what it always was, with the phone now unverified.
    expect(saved.body.message).toBe('profile updated successfully');
    expect(saved.body.data).toMatchObject({ phone: second, phone_verified: false });

    t.clock.advance(MINUTE);
    await sendCode(account.token);
    const forNew = latestPhoneCode(t, second);
    expect(t.texts.list(first)).toHaveLength(1);
    // Back to the first number: the code texted to the second is worth nothing for it.
    t.clock.advance(MINUTE);
    await t.call('/api/update-profile', {
      token: account.token,
      body: { device: 'web', name: account.name, phone: first },
    });
    expect((await verify(account.token, forNew)).status).toBe(400);
    expect((await user(account.token)).phone_verified).toBe(false);
  });

  it('answers 503 with Retry-After when the text cannot be sent, and withdraws the code so the user may ask again at once', async () => {
    const failing = await startTestApp(backend, {
      sms: {
        name: 'failing',
        send: async () => {
          throw new GatewayError(SMS_NOT_SENT.message, {
            cause: new Error('Termii did not answer (server-error)'),
            retryAfterS: 10,
          });
        },
      },
    });
    try {
      const account = await signUp(failing, { phone: newPhone() });
      for (let attempt = 0; attempt < 2; attempt++)
        expect(await failing.call('/api/send-phone-code', { token: account.token })).toMatchObject({
          status: 503,
          headers: { 'retry-after': '10' },
          body: { type: 'error', message: SMS_NOT_SENT.message },
        });
      const codes = await failing.db
        .selectFrom('email_otps')
        .select('id')
        .where('purpose', '=', 'verify-phone')
        .execute();
      expect(codes).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});
