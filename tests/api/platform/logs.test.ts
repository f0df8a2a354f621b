import { ok } from 'node:assert/strict';
import Fastify from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { loggerOptions } from '../../../server/logger';
import { buildServer } from '../../../server/server';
import type { OutboxMail } from '../../../server/gateways/devOutbox';
import type { SentSms } from '../../../server/gateways/devSms';
import { latestCode, latestPinResetCode } from '../../support/api/accounts';
import { startTestApp, testConfig } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, PIN, providerId } from '../../support/api/purchases';
import { chargeSuccess, deliver, newReference } from '../../support/api/bank';
import { registerBody, newPerson } from '../../support/api/accounts';
import { startSmtpServer } from '../../support/api/smtpServer';
import { SmtpMailer } from '../../../server/gateways/smtpMailer';

const NEW_PIN = '6048';
const NEW_PASSWORD = 'a brand new passphrase';

/** Every string of a JSON log line, at any depth: messages, URLs, error texts. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The lines that hold one of the secrets: a password anywhere in the line, a pin or a code as a
 * whole run of digits in a string (log lines also carry numbers, such as times, in which any
 * four digits appear).
 */
function linesHolding(lines: string[], secrets: { passwords: string[]; digits: string[] }): string[] {
  return lines.filter((line) => {
    if (secrets.passwords.some((password) => line.includes(password))) return true;
    // Not in a request id (a UUID), whose groups may be any four digits by chance (…-6048-…), nor
    // inside another run of hex digits.
    const texts = strings(JSON.parse(line)).map((text) => text.replace(UUID, ''));
    return secrets.digits.some((digits) =>
      texts.some((text) => new RegExp(`(?<![0-9a-f])${digits}(?![0-9a-f])`, 'i').test(text)),
    );
  });
}

describe.each(backends)('log lines on $name', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, { config: { logLevel: 'trace' }, logStream: { write: (line) => lines.push(line) } });

  it('hold no pin, code or password, through every call that carries one', async () => {
    // Registration (password), e-mail code, first pin, funding.
    const buyer = await newBuyer(t, 1_000);
    const codes = [latestCode(t, buyer.email)];
    const login = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: buyer.email, password: buyer.password },
    });
    const token = login.body.data!.token;
    const mtn = await providerId(t, 'airtime', 'MTN');
    const airtime = (pin: string) => ({ provider_id: mtn, beneficiary: '08031234567', amount: 100, pin });
    expect((await buy(t, token, 'airtime', airtime('1357'))).status).toBe(400);
    expect((await buy(t, token, 'airtime', airtime(PIN))).status).toBe(200);
    const changePin = (oldPin: string, newPin: string) =>
      t.call('/api/change-pin', { token, body: { old_pin: oldPin, new_pin: newPin, confirm_new_pin: newPin } });
    expect((await changePin('9753', NEW_PIN)).status).toBe(400);
    expect((await changePin(PIN, NEW_PIN)).status).toBe(200);
    expect((await t.call('/api/forgot-pin', { token })).status).toBe(200);
    codes.push(latestPinResetCode(t, buyer.email));
    const resetPin = (password: string) =>
      t.call('/api/reset-pin', { token, body: { password, otp: codes[1], pin: PIN, confirm_pin: PIN } });
    expect((await resetPin('not the password')).status).toBe(400);
    expect((await resetPin(buyer.password)).status).toBe(200);
    const changePassword = await t.call('/api/change-password', {
      token,
      body: { old_password: buyer.password, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD },
    });
    expect(changePassword.status).toBe(200);
    // Wrong pins up to the logout, and its e-mail.
    for (let i = 0; i < 3; i++) expect((await buy(t, token, 'airtime', airtime('2468'))).status).toBe(400);
    expect((await buy(t, token, 'airtime', airtime('2468'))).status).toBe(401);

    expect(lines.length).toBeGreaterThan(40);
    expect(lines.some((line) => line.includes('/api/reset-pin'))).toBe(true);
    expect(
      linesHolding(lines, {
        passwords: [buyer.password, NEW_PASSWORD, 'not the password'],
        digits: [PIN, NEW_PIN, '1357', '9753', '2468', ...codes],
      }),
    ).toEqual([]);
  });
});

// The attacks: whoever reads the logs (a log shipper, a support tool) learns a customer's full
// account number from an unmatched transfer, and recipients' addresses from a mail the SMTP
// server refused (nodemailer's error text names them).
describe.each(backends)('personal data in log lines on $name', (backend) => {
  it('an unmatched transfer is logged with the last four digits of its account number only', async () => {
    const lines: string[] = [];
    const t = await startTestApp(backend, {
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const reply = await deliver(
        t,
        JSON.stringify(chargeSuccess(t, { accountNumber: '0000014579', amount: 500_000, reference: newReference() })),
      );
      expect(reply.body.data).toMatchObject({ status: 'unmatched' });
      const held = lines.filter((line) => line.includes('held in suspense'));
      expect(held).toHaveLength(1);
      expect(JSON.parse(held[0])).toMatchObject({ account_last4: '4579' });
      expect(lines.filter((line) => line.includes('0000014579'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("a mail the SMTP server refuses is logged without the recipient's address", async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    const lines: string[] = [];
    const mailer = new SmtpMailer(smtp.url, 'no-reply@nairawallet.test');
    const t = await startTestApp(backend, {
      mailer,
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const person = newPerson({ email: `refused.${process.pid}.${Date.now()}@example.com` });
      const registered = await t.call<UserData>('/api/register', { body: registerBody(person) });
      expect(registered.status).toBe(201);
      expect((await t.call('/api/resend-otp', { token: registered.body.data!.token })).status).toBe(502);
      expect(lines.some((line) => line.includes('"level":40') || line.includes('"level":50'))).toBe(true);
      expect(lines.filter((line) => line.toLowerCase().includes(person.email.split('@')[0]))).toEqual([]);
    } finally {
      await t.close();
      mailer.close();
      await smtp.close();
    }
  });
});

describe.each(backends)('the development outbox on $name', (backend) => {
  it('announces each mail and text in the log without its text, which /dev/mailbox and /dev/sms show', async () => {
    const lines: string[] = [];
    const database = await backend.open();
    const { app } = await buildServer(testConfig({ logLevel: 'info' }), {
      db: database.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const email = `outbox.${process.pid}.${Date.now()}@example.com`;
      const password = 'correct horse battery';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          device: 'web',
          name: 'Bola Ade',
          email,
          phone: '08031234567',
          password,
          confirm_password: password,
          token: 'dev-ok:register',
        },
      });
      expect(registered.statusCode).toBe(201);
      const headers = { authorization: `Bearer ${registered.json<{ data: UserData }>().data.token}` };
      expect((await app.inject({ method: 'POST', url: '/api/resend-otp', headers })).statusCode).toBe(200);

      const mailbox = await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
      const [mail] = mailbox.json<{ data: OutboxMail[] }>().data;
      const code = /\b(\d{4})\b/.exec(mail.text)![1];
      expect(
        lines.filter((line) => line.includes(`mail to ${email}: Your verification code (read it at /dev/mailbox)`)),
      ).toHaveLength(1);
      expect(linesHolding(lines, { passwords: [password], digits: [code] })).toEqual([]);

      // The development texts likewise: who, never what (the phone's code).
      expect((await app.inject({ method: 'POST', url: '/api/send-phone-code', headers })).statusCode).toBe(200);
      const texts = await app.inject({ method: 'GET', url: '/dev/sms?to=08031234567' });
      const [text] = texts.json<{ data: SentSms[] }>().data;
      const phoneCode = /#(\d{6})$/.exec(text.text)![1];
      expect(lines.filter((line) => line.includes('text to 08031234567 (read it at /dev/sms)'))).toHaveLength(1);
      expect(linesHolding(lines, { passwords: [password], digits: [phoneCode] })).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(backends)('request ids on $name', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, { config: { logLevel: 'info' }, logStream: { write: (line) => lines.push(line) } });

  const parsed = () =>
    lines.map((line) => JSON.parse(line) as { requestId?: string; msg?: string; gateway?: string; operation?: string });

  it('every answer carries an X-Request-Id of its own; a sane incoming one is kept, anything else replaced', async () => {
    const first = await t.call('/api/health', { method: 'GET' });
    const second = await t.call('/api/health', { method: 'GET' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const kept = await t.call('/api/health', { method: 'GET', headers: { 'x-request-id': 'lb-7f3a9c2e.01' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c2e.01');
    for (const hostile of [
      'short',
      'x'.repeat(65),
      'has spaces in it',
      '{"json":"injection"}',
      'semi;colon;separated',
    ]) {
      const replaced = await t.call('/api/health', { method: 'GET', headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The kept id is what the request's own log lines carry.
    expect(
      parsed()
        .filter((line) => line.requestId === 'lb-7f3a9c2e.01')
        .map((line) => line.msg),
    ).toEqual(['incoming request', 'request completed']);
  });

  it("carries a purchase's request id into its biller call, and every line is JSON", async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const reply = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      pin: PIN,
    });
    expect(reply.status).toBe(200);
    const requestId = reply.headers['x-request-id'] as string;
    const billerCalls = parsed().filter((line) => line.requestId === requestId && line.gateway === 'biller');
    expect(billerCalls.map((line) => [line.operation, line.msg])).toEqual([['pay', 'gateway call']]);
    // Bank partner calls (the funding accounts made by newBuyer) carry the id of their request too.
    expect(
      parsed().some(
        (line) => line.gateway === 'bank' && line.operation === 'enrol' && typeof line.requestId === 'string',
      ),
    ).toBe(true);
  });
});

describe("the logger's options", () => {
  const development = testConfig({ logLevel: 'info' });
  const production = { ...development, production: true };

  it('development in a terminal writes text through pino-pretty; production, and development into a pipe, JSON lines', () => {
    expect(loggerOptions(development, { terminal: true })).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions(production, { terminal: true })).not.toHaveProperty('transport');
    expect(loggerOptions(production, { terminal: false })).not.toHaveProperty('transport');
    expect(loggerOptions(development, { terminal: false })).not.toHaveProperty('transport');
    // A stream handed in (the tests') gets the JSON lines, whatever the terminal.
    const stream = { write: () => {} };
    const streamed = loggerOptions(development, { stream, terminal: true });
    expect(streamed).toMatchObject({ stream });
    expect(streamed).not.toHaveProperty('transport');
  });

  it('pino-pretty formats what the serializers left: a request line without its query string', async () => {
    const options = loggerOptions(development, { terminal: true });
    ok('transport' in options);
    const { transport, ...serialized } = options;
    const lines: string[] = [];
    const app = Fastify({ logger: { ...serialized, stream: { write: (line: string) => lines.push(line) } } });
    app.get('/reset', async () => ({}));
    await app.inject({ method: 'GET', url: '/reset?token=a-secret-reset-token' });
    await app.close();
    const text = lines.map(prettyFactory({ ...transport.options, colorize: false })).join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('/reset');
    expect(text).not.toContain('a-secret-reset-token');
    expect(text).not.toMatch(/^\{/m);
  });
});
