import { systemClock, type Clock } from '../clock';
import type { Sms, SmsSender } from './sms';
import { normalisePhone } from '../../core/phone';

export interface SentSms extends Sms {
  created_at: string;
  /** The message's own id (SmsSender.send), the same for every copy of one message. */
  message_id?: string;
}

/** Enough for a development session; the oldest texts fall off. */
const CAPACITY = 500;

/**
 * Development texts: kept in memory for GET /dev/sms, and announced to the log without their
 * text (a code is a secret), so the whole product works on one machine without an SMS account.
 */
export class DevSms implements SmsSender {
  readonly name = 'simulated';
  readonly #texts: SentSms[] = [];
  readonly #print: (sms: SentSms) => void;
  readonly #clock: Clock;

  constructor(options: { print: (sms: SentSms) => void; clock?: Clock }) {
    this.#print = options.print;
    this.#clock = options.clock ?? systemClock;
  }

  async send(sms: Sms, messageId?: string): Promise<void> {
    const stored: SentSms = {
      to: sms.to,
      text: sms.text,
      created_at: this.#clock.now().toISOString(),
      ...(messageId ? { message_id: messageId } : {}),
    };
    this.#texts.push(stored);
    if (this.#texts.length > CAPACITY) this.#texts.shift();
    this.#print(stored);
  }

  /** Newest first; only the texts to `to` (any form of the number) when given. */
  list(to?: string): SentSms[] {
    const recipient = to === undefined ? undefined : (normalisePhone(to) ?? to.trim());
    return this.#texts.filter((sms) => recipient === undefined || sms.to === recipient).reverse();
  }
}
