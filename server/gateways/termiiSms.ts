import type { Timeouts } from '../clock';
import { GatewayError } from '../errors';

import { ProviderHttp, ProviderUnavailableError, type ProviderLog } from './providerHttp';
import type { Sms, SmsSender } from './sms';
import { t } from '../i18n';

/** A code's text that Termii did not take may be asked for again shortly: the user is waiting for it. */
const SMS_RETRY_AFTER_S = 10;

/**
 * Termii's Messaging API (developers.termii.com, "Messaging API", "Send message"): POST
 * `<base>/api/sms/send` with the JSON body `{ api_key, to, from, sms, type: 'plain', channel }`,
 * `to` in the international form (234XXXXXXXXXX), `from` a sender ID registered on the account
 * (alphanumeric, 3 to 11 characters), `channel` the route: `dnd` (transactional: it reaches numbers
 * on Do-Not-Disturb, and MTN's night-time block of the generic route does not apply) or `generic`
 * (promotional only). Accepted, it answers 200 `{ message_id, message: 'Successfully Sent',
 * balance, user }`. Refused, it answers a 4xx `{ code, message }`: 401 a key it does not know,
 * 404 "ApplicationSenderId not found …" (and "Invalid Sender Id" on its error page) a sender ID
 * not registered or not yet approved; 5xx is Termii's own failure ("Error", "HTTP status code
 * summary").
 *
 * Nothing here is final for the message: a refused sender ID or key is the operator's to fix (and
 * the outbox sends the message once they have), an outage passes. The send is not idempotent
 * (Termii takes no reference of ours), so it is made once per attempt, never retried here.
 */
export interface TermiiOptions {
  apiKey: string;
  /** The registered sender ID. */
  senderId: string;
  /** The account's base URL, e.g. https://api.ng.termii.com. */
  baseUrl: string;
  channel: TermiiChannel;
  log: ProviderLog;
  timeoutMs?: number;
  timeouts?: Timeouts;
  now?: () => number;
}

export type TermiiChannel = 'dnd' | 'generic';

/** Longer than Termii takes to answer, shorter than the outbox's hold on a message (outbox.ts CLAIM_HOLD_MS). */
export const TERMII_TIMEOUT_MS = 15_000;
export const SMS_NOT_SENT = /*i18n*/ {
  id: 'partner.sms.notSent',
  message: 'we could not send the text message right now, please try again in a moment',
};

/** 0XXXXXXXXXX → 234XXXXXXXXXX, the form Termii documents for `to`. */
export const internationalPhone = (local: string) => `234${local.replace(/^0/, '')}`;

/** Why Termii did not take a message, in words staff may read: the status and Termii's own message, never a number. */
class TermiiRefusal extends Error {
  constructor(status: number, message: string) {
    super(`Termii ${describe(status, message)} (HTTP ${status})`);
    this.name = 'TermiiRefusal';
  }
}

function describe(status: number, message: string): string {
  if (/sender\s*id/i.test(message))
    return 'refused the sender ID: register it (or wait for its approval) on the Termii dashboard';
  if (status === 401 || status === 403) return 'refused the API key';
  if (status === 429) return 'asked us to slow down';
  // Termii's words, with any number in them hidden: a refusal may quote the recipient.
  const words = message.replace(/\+?\d{7,}/g, '<number>').slice(0, 120);
  return `refused the message${words ? `: ${words}` : ''}`;
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

export class TermiiSms implements SmsSender {
  readonly name = 'termii';
  readonly #http: ProviderHttp;
  readonly #options: TermiiOptions;

  constructor(options: TermiiOptions) {
    this.#options = options;
    this.#http = new ProviderHttp({
      provider: 'Termii',
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? TERMII_TIMEOUT_MS,
      log: options.log,
      retries: 0,
      now: options.now,
      timeouts: options.timeouts,
      // What says what happened; `to` and `sms` (the number and the text, a code among them) never.
      logFields: ['message_id', 'channel', 'balance'],
    });
  }

  async send(sms: Sms): Promise<void> {
    const { apiKey, senderId, channel } = this.#options;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.#http.request({
        method: 'POST',
        path: '/api/sms/send',
        json: {
          api_key: apiKey,
          to: internationalPhone(sms.to),
          from: senderId,
          sms: sms.text,
          type: 'plain',
          channel,
        },
        idempotent: false,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      throw new GatewayError(t(SMS_NOT_SENT), {
        cause: new Error(`Termii did not answer (${error.failure})`),
        retryAfterS: SMS_RETRY_AFTER_S,
      });
    }
    const body = fieldsOf(answer.body);
    const message = typeof body.message === 'string' ? body.message : '';
    if (answer.status >= 200 && answer.status < 300 && body.message_id !== undefined && body.message_id !== null)
      return;
    const cause =
      answer.status < 300
        ? new Error(`Termii answered HTTP ${answer.status} without a message_id`)
        : new TermiiRefusal(answer.status, message);
    throw new GatewayError(t(SMS_NOT_SENT), { cause });
  }
}
