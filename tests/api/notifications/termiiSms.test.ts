import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { GatewayError } from '../../../server/errors';
import { SMS_NOT_SENT, TERMII_TIMEOUT_MS, TermiiSms } from '../../../server/gateways/termiiSms';
import {
  FAKE_TERMII_API_KEY,
  FAKE_TERMII_SENDER_ID,
  startFakeTermii,
  type FakeTermii,
} from '../../../testkit/fakes/termiiServer';
import { ManualClock } from '../../support/api/manualClock';

/**
 * The Termii adapter against our fake of Termii's documented Messaging API: what it sends, an
 * accepted text, a sender ID Termii refuses, an outage (a 5xx, then no answer at all), and a key
 * it does not know. Every failure is a GatewayError the outbox retries, saying why in words staff
 * may read; no log line holds the number or the text.
 */

/** Log lines as the adapter writes them, kept to be searched. */
function recordingLog() {
  const lines: string[] = [];
  const write = (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`);
  return { lines, info: write, warn: write };
}

const TEXT = { to: '08031234567', text: 'Your Naira Wallet code is 4821.\n\n@wallet.example.ng #4821' };

/** What a send rejects with. */
async function failureOf(send: Promise<void>): Promise<GatewayError> {
  const error: unknown = await send.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}
const reasonOf = (error: GatewayError) => (error.cause as Error).message;

describe('the Termii adapter against the fake Termii', () => {
  let termii: FakeTermii;
  beforeAll(async () => {
    termii = await startFakeTermii();
  });
  afterAll(() => termii.close());

  const adapter = (options: { senderId?: string; apiKey?: string; clock?: ManualClock } = {}) => {
    const log = recordingLog();
    const sms = new TermiiSms({
      apiKey: options.apiKey ?? FAKE_TERMII_API_KEY,
      senderId: options.senderId ?? FAKE_TERMII_SENDER_ID,
      baseUrl: termii.url,
      channel: 'dnd',
      log,
      timeouts: options.clock,
    });
    return { sms, log };
  };

  it('sends the documented body, on the DND route, and takes the documented answer as accepted', async () => {
    const { sms, log } = adapter();
    const before = termii.balance();
    await sms.send(TEXT);
    const sent = termii.messages.at(-1)!;
    expect(sent).toMatchObject({
      to: '2348031234567',
      from: FAKE_TERMII_SENDER_ID,
      sms: TEXT.text,
      type: 'plain',
      channel: 'dnd',
    });
    expect(termii.balance()).toBe(before - 1);
    const request = JSON.parse(termii.requests.at(-1)!.body) as Record<string, unknown>;
    expect(Object.keys(request).sort()).toEqual(['api_key', 'channel', 'from', 'sms', 'to', 'type']);
    // The log says what happened, never to whom, what, nor the key.
    const logged = log.lines.join('\n');
    expect(logged).toContain('"status":200');
    expect(logged).toContain(sent.message_id);
    for (const secret of ['8031234567', '4821', FAKE_TERMII_API_KEY]) expect(logged).not.toContain(secret);
  });

  it('a sender ID Termii does not know is refused, retryable, and named as the operator’s to register', async () => {
    termii.senderIds.delete('Refused');
    const { sms, log } = adapter({ senderId: 'Refused' });
    const sent = termii.messages.length;
    const error = await failureOf(sms.send(TEXT));
    expect(error.message).toBe(SMS_NOT_SENT.message);
    expect(reasonOf(error)).toBe(
      'Termii refused the sender ID: register it (or wait for its approval) on the Termii dashboard (HTTP 404)',
    );
    expect(termii.messages).toHaveLength(sent);
    expect(log.lines.join('\n')).not.toContain('8031234567');
  });

  it('a key Termii does not know is refused, and said so', async () => {
    const { sms } = adapter({ apiKey: 'TL-not-our-key-000' });
    expect(reasonOf(await failureOf(sms.send(TEXT)))).toBe('Termii refused the API key (HTTP 401)');
  });

  it('an outage (a 5xx) is a failure to try again later, sent once here', async () => {
    const { sms } = adapter();
    termii.misbehave({ down: true });
    const calls = termii.requests.length;
    try {
      expect(reasonOf(await failureOf(sms.send(TEXT)))).toBe('Termii did not answer (server-error)');
    } finally {
      termii.misbehave({});
    }
    // Not idempotent: a text sent twice is read twice, so the adapter never repeats a send.
    expect(termii.requests.length).toBe(calls + 1);
  });

  it('a Termii that never answers times out on the clock it is given', async () => {
    const clock = new ManualClock();
    const { sms } = adapter({ clock });
    termii.holdAnswers();
    try {
      const sending = failureOf(sms.send(TEXT));
      await termii.held();
      clock.advance(TERMII_TIMEOUT_MS);
      expect(reasonOf(await sending)).toBe('Termii did not answer (timeout)');
    } finally {
      termii.releaseAnswers();
    }
  });
});

describe('SMS configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is simulated in development, with a warning, and Termii once chosen, on the DND route by default', () => {
    const development = loadConfig({ APP_MODE: 'development' });
    expect(development.config.sms).toEqual({ provider: 'simulated' });
    expect(development.warnings.join('\n')).toContain('SMS is not set');
    const termii = { SMS: 'termii', TERMII_API_KEY: 'TL-key-0123456789', TERMII_SENDER_ID: 'NairaWallet' };
    expect(loadConfig({ APP_MODE: 'development', ...termii }).config.sms).toEqual({
      provider: 'termii',
      apiKey: 'TL-key-0123456789',
      senderId: 'NairaWallet',
      baseUrl: 'https://api.ng.termii.com',
      channel: 'dnd',
    });
  });

  it('asks for the key and the sender ID with Termii, and refuses a sender ID Termii would', () => {
    const message = problemsOf({ APP_MODE: 'development', SMS: 'termii', TERMII_SENDER_ID: 'Naira-Wallet!' });
    expect(message).toContain('TERMII_API_KEY must be set when SMS is termii');
    expect(message).toContain('TERMII_SENDER_ID must be 3 to 11 letters, digits or spaces');
  });

  it('refuses the simulated sender in production, and Termii over plain HTTP beyond loopback', () => {
    expect(problemsOf({})).toContain('SMS must be set to a real provider (termii');
    expect(problemsOf({ SMS: 'termii', TERMII_BASE_URL: 'http://api.ng.termii.com' })).toContain(
      'TERMII_BASE_URL must be an https:// URL in production',
    );
  });
});
