import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { systemClock, type Clock } from '../clock';
import { must } from '../errors';
import { nuban } from '../services/funding/nuban';
import {
  WEMA_AND_STERLING,
  type AssignedAccount,
  type BankCustomer,
  type BankPartner,
  type CardGateway,
  type CardPaymentStart,
  type EnrolmentStep,
  type IdentityNeed,
  type IdentityProof,
  type PartnerTransfer,
  type SimulatedTransfer,
  type TransferSimulator,
  type WebhookEvent,
} from './bankPartner';
import {
  PAYSTACK_SIGNATURE_HEADER,
  paystackCardSuccess,
  paystackChargeSuccess,
  readPaystackEvent,
} from './paystackWebhook';
import { signHmacSha512 } from './webhookSignature';
import { verifyHmacSha512 } from './webhookSignature';

/** The partner banks a dedicated-account provider typically offers. */
export const SIMULATED_BANKS = WEMA_AND_STERLING;

/** Every checkout started in this process is kept; development makes a handful. */
const MAX_CHECKOUTS = 10_000;

const SIMULATED_IDENTITY_REQUIRED = 'the simulated bank opens accounts only with a verified BVN or NIN';

interface Checkout extends CardPaymentStart {
  status: 'abandoned' | 'success' | 'failed';
  paidAt: Date | null;
  id: number;
}

/**
 * The default bank partner in development: behaves like Paystack's dedicated virtual accounts
 * and checkout without a network. It assigns each customer a NUBAN at two partner banks (random
 * serial, valid CBN check digit) once given a BVN or NIN, as the real partners require, names
 * the accounts after the customer, and speaks Paystack's webhook format and signature, keyed
 * with BANK_WEBHOOK_SECRET, so the webhook handler runs exactly as it would for the real partner.
 * Its card checkout is a page of our own development server (/dev/checkout), which the app is
 * sent to like Paystack's.
 *
 * Unlike Paystack it keeps no record of its customers: asking twice for one customer yields
 * new numbers. The caller's unique constraints make the first stored accounts the only ones.
 * Production refuses it (config.ts): its signature is all there is to check.
 */
export class SimulatedBank implements BankPartner, TransferSimulator {
  readonly provider = 'simulated';
  readonly displayName = 'Simulated bank';
  readonly identityNeeds: readonly IdentityNeed[] = [];
  readonly signatureHeader = PAYSTACK_SIGNATURE_HEADER;
  readonly records = null;
  readonly cards: SimulatedCheckout;
  readonly #secret: string;
  readonly #clock: Clock;

  constructor(options: { webhookSecret: string; clock?: Clock; checkoutUrl?: (reference: string) => string }) {
    this.#secret = options.webhookSecret;
    this.#clock = options.clock ?? systemClock;
    this.cards = new SimulatedCheckout(
      this.#clock,
      options.checkoutUrl ?? ((reference) => `/dev/checkout/${encodeURIComponent(reference)}`),
      this.#signed.bind(this),
    );
  }

  async enrol(customer: BankCustomer, proof: IdentityProof): Promise<EnrolmentStep> {
    if (!proof.bvn && !proof.nin) return { status: 'refused', reason: SIMULATED_IDENTITY_REQUIRED };
    const accountName = `NAIRA WALLET/${customer.name.toUpperCase()}`.slice(0, 100);
    const accounts: AssignedAccount[] = SIMULATED_BANKS.map(({ bankName, bankCode }) => ({
      bankName,
      bankCode,
      accountName,
      accountNumber: nuban(bankCode, String(randomInt(100_000_000, 1_000_000_000))),
    }));
    return { status: 'ready', accounts };
  }

  /** It holds nothing between calls: only the number can open accounts again. */
  async resume(): Promise<EnrolmentStep> {
    return { status: 'needs-identity', reason: SIMULATED_IDENTITY_REQUIRED };
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyHmacSha512(this.#secret, rawBody, headers[this.signatureHeader]);
  }

  readWebhook(payload: unknown): WebhookEvent {
    return readPaystackEvent(payload);
  }

  transferWebhook(transfer: SimulatedTransfer): { body: string; headers: Record<string, string> } {
    const receiverBank = receiverBankOf(transfer.accountNumber);
    return this.#signed(
      paystackChargeSuccess({
        ...transfer,
        receiverBank,
        paidAt: this.#clock.now(),
        id: randomInt(1_000_000_000, 2_000_000_000),
      }),
    );
  }

  #signed(event: object): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event);
    return {
      body,
      headers: { 'content-type': 'application/json', [this.signatureHeader]: signHmacSha512(this.#secret, body) },
    };
  }
}

/**
 * The simulated partner's card checkout, development only: the payments started in this
 * process, completed or cancelled on the /dev/checkout page (routes/devCheckout.ts) and verified
 * like Paystack's, with Paystack's status words (`abandoned` until paid or cancelled).
 */
class SimulatedCheckout implements CardGateway {
  readonly #checkouts = new Map<string, Checkout>();

  constructor(
    private readonly clock: Clock,
    private readonly urlOf: (reference: string) => string,
    private readonly sign: (event: object) => { body: string; headers: Record<string, string> },
  ) {}

  async initialize(payment: CardPaymentStart): Promise<{ authorisationUrl: string }> {
    if (this.#checkouts.size >= MAX_CHECKOUTS) {
      this.#checkouts.delete(must(this.#checkouts.keys().next().value, 'a full map has a first key'));
    }
    this.#checkouts.set(payment.reference, {
      ...payment,
      status: 'abandoned',
      paidAt: null,
      id: randomInt(1_000_000_000, 2_000_000_000),
    });
    return { authorisationUrl: this.urlOf(payment.reference) };
  }

  async verify(reference: string): Promise<PartnerTransfer | null> {
    const checkout = this.#checkouts.get(reference);
    if (!checkout) return null;
    return {
      reference,
      channel: 'card',
      currency: 'NGN',
      status: checkout.status === 'success' ? 'paid' : checkout.status === 'failed' ? 'failed' : 'pending',
      partnerStatus: checkout.status,
      amountKobo: checkout.chargedKobo,
      accountNumber: null,
      customerReference: null,
      customerEmail: checkout.email,
      paidAt: checkout.paidAt,
    };
  }

  /** The checkout page's view of a payment, or undefined for a reference it never started. */
  find(reference: string): Readonly<Checkout> | undefined {
    return this.#checkouts.get(reference);
  }

  /**
   * The customer pays (the signed charge.success to deliver, then where to send them) or
   * cancels (only where to send them). A payment already decided keeps its outcome.
   */
  complete(
    reference: string,
    pay: boolean,
  ): { redirect: string; webhook?: { body: string; headers: Record<string, string> } } | undefined {
    const checkout = this.#checkouts.get(reference);
    if (!checkout) return undefined;
    if (!pay) return { redirect: checkout.cancelUrl };
    if (checkout.status === 'abandoned') Object.assign(checkout, { status: 'success', paidAt: this.clock.now() });
    const paidAt = must(checkout.paidAt, 'a checkout is paid once it is no longer abandoned: this gateway fails none');
    const { chargedKobo: amountKobo, email, id } = checkout;
    const webhook = this.sign(paystackCardSuccess({ reference, amountKobo, email, paidAt, id }));
    return { redirect: callbackWithReference(checkout.callbackUrl, reference), webhook };
  }
}

/** Where Paystack sends a paying customer back: the callback URL with `trxref` and `reference` appended. */
function callbackWithReference(callbackUrl: string, reference: string): string {
  const separator = callbackUrl.includes('?') ? '&' : '?';
  const query = new URLSearchParams({ trxref: reference, reference });
  return `${callbackUrl}${separator}${query}`;
}

/** The partner bank whose check digit the number carries (Wema first); only shown in the payload. */
function receiverBankOf(accountNumber: string): string {
  const bank = SIMULATED_BANKS.find(
    ({ bankCode }) => /^\d{10}$/.test(accountNumber) && nuban(bankCode, accountNumber.slice(0, 9)) === accountNumber,
  );
  return bank?.bankName ?? SIMULATED_BANKS[0].bankName;
}

/** A reference shaped like a NIP session id: sender institution code, yyMMddHHmmss, 12 random digits. */
export function simulatedTransferReference(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `100004${stamp}${sixDigits()}${sixDigits()}`;
}
