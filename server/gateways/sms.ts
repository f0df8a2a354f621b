/**
 * Text messages to a Nigerian mobile: the outcome of every transaction (services/notifications/
 * textMessages.ts) and the code that verifies a phone (services/account/phoneVerification.ts).
 */
export interface Sms {
  /** The local form, 0XXXXXXXXXX (core/phone.ts): each provider writes it as it needs. */
  to: string;
  /** GSM-7 text; one segment (160 characters) where it fits. */
  text: string;
}

/**
 * Sends one text message; rejects with a GatewayError when the provider did not take it (every
 * such failure may pass on another attempt: the outbox tries again with backoff). `messageId` is
 * the message's own id when it has one (the outbox's, the same at every attempt).
 */
export interface SmsSender {
  /** The provider, as staff read it ('termii', 'simulated'). */
  readonly name: string;
  send(sms: Sms, messageId?: string): Promise<void>;
}

/**
 * What a text may hold and still be billed 160 characters a page: GSM-7's default alphabet (3GPP
 * TS 23.038) without its escaped characters, and without the few Termii names as turning a
 * message into 70-character pages (; / ' "), whatever the standard says of them.
 */
const PLAIN = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !#¤%&()*+,\-.0-9:<=>?¡A-ZÄÖÑÜ\u00a7¿a-zäöñüà]*$/;
/** One page of plain text; a longer text goes as several, each billed. */
export const SMS_SEGMENT = 160;

/** Whether every character of `text` is plain (a single other one makes every page 70 characters). */
export const isPlainSms = (text: string) => PLAIN.test(text);

/**
 * Letters of our languages that no accent-stripping makes plain, as a Nigerian reader writes them
 * without their marks: Hausa's hooked letters (ɓ ɗ ƙ ƴ) and the apostrophe of its ʼy (a plain `'`
 * would cost as much as any other character Termii does not take as plain).
 */
const UNHOOKED: Readonly<Record<string, string>> = {
  ɓ: 'b',
  Ɓ: 'B',
  ɗ: 'd',
  Ɗ: 'D',
  ƙ: 'k',
  Ƙ: 'K',
  ƴ: 'y',
  Ƴ: 'Y',
  ʼ: '',
};

/**
 * `text` with its accents dropped (Yoruba's tone marks and underdots, Igbo's dots) and every
 * character that is not plain replaced (the naira sign by N, a Hausa hooked letter by its plain
 * one), so a customer's name, a plan's description or a text in their language never multiplies
 * a text's cost.
 */
export function toPlainSms(text: string): string {
  return [...text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')]
    .map((character) => (character === '₦' ? 'N' : isPlainSms(character) ? character : (UNHOOKED[character] ?? ' ')))
    .join('')
    .replace(/ {2,}/g, ' ');
}
