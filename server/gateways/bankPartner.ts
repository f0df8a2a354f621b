import type { IncomingHttpHeaders } from 'node:http';
import type { Timeouts } from '../clock';
import { AppError } from '../errors';
import { ProviderHttp, type ProviderLog } from './providerHttp';

/**
 * A bank partner (Paystack, Monnify, a bank's own API...) that gives each user dedicated
 * accounts (NUBANs) and reports money paid into them by webhook. Plan for several: a partner
 * can lose its bank and switch funding off, so each account and each transfer records which
 * partner it belongs to.
 *
 * Identity comes first (the CBN's rule since December 2023): a partner opens accounts only for
 * a customer whose BVN or NIN it is given, at the moment the user verifies it. The number is
 * handed over in memory for that one call and never stored or logged (services/enrolment.ts).
 */
export interface BankPartner {
  /** Stable name stored with each account and transfer, e.g. 'simulated', 'paystack'. */
  readonly provider: string;
  /** The name users read: 'Monnify', 'Paystack'. */
  readonly displayName: string;
  /**
   * What it needs beyond a verified BVN or NIN, which the verification form then asks for
   * (Paystack: a BVN and a bank account).
   */
  readonly identityNeeds: readonly IdentityNeed[];
  /** The HTTP header carrying the webhook signature (lower case). */
  readonly signatureHeader: string;
  /**
   * Opens (or finds) the customer's dedicated accounts with their verified identity: the
   * accounts, a step the partner answers later (by webhook), or why it will not. Real partners
   * are idempotent per customer reference; the caller stores accounts under unique constraints
   * either way. Rejects with a GatewayError when the partner cannot answer now.
   */
  enrol(customer: BankCustomer, proof: IdentityProof): Promise<EnrolmentStep>;
  /**
   * Carries an enrolment on without the identity number: after the partner's asynchronous
   * answer, or after a call whose answer was lost. `customerCode` is what enrol answered, if
   * anything. Rejects with a GatewayError when the partner cannot answer now.
   */
  resume(customer: BankCustomer, customerCode: string | null): Promise<EnrolmentStep>;
  /** Whether the signature header matches the exact bytes received. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean;
  /**
   * Reads a verified webhook body: an incoming transfer to credit, a card payment to confirm,
   * news of a customer's validation, or an event to acknowledge and ignore. Throws
   * WebhookPayloadError for a body it cannot read.
   */
  readWebhook(payload: unknown): WebhookEvent;
  /**
   * The partner's own records, asked before any credit (services/transferConfirmation.ts) and by
   * the daily reconciliation. Null for the simulated partner: it has no records but the webhooks
   * it signs, so its signature is all there is to check.
   */
  readonly records: TransferRecords | null;
  /**
   * Card payments through the partner's checkout, when it takes them (Paystack; the simulated
   * partner in development).
   */
  readonly cards: CardGateway | null;
}

export type IdentityNeed = 'bvn' | 'bank_account';

/** A verified identity as a partner needs it, held in memory for one call. */
export interface IdentityProof {
  /** 11 digits. Confidential: never logged, never stored. */
  bvn?: string;
  nin?: string;
  /** One of the customer's own bank accounts: Paystack matches a BVN against it. */
  bankAccount?: { bankCode: string; accountNumber: string };
}

/** Where an enrolment stands after a call to the partner. */
export type EnrolmentStep =
  | { status: 'ready'; accounts: AssignedAccount[]; customerCode?: string }
  /** The partner answers later, by webhook (Paystack's customer validation). */
  | { status: 'waiting'; customerCode: string }
  /** Nothing more can be done without the identity number again (the partner holds no reservation). */
  | { status: 'needs-identity'; reason: string }
  /** The partner will not open accounts with what it was given: `reason` tells the user what to do. */
  | { status: 'refused'; reason: string; customerCode?: string }
  /** This partner needs what the user has not verified (Paystack: a BVN and a bank account). */
  | { status: 'skipped'; reason: string };

/** A partner's records of the payments into its dedicated accounts. */
export interface TransferRecords {
  /**
   * The payment under this reference, from the partner's transaction-status call; null when the
   * partner has no such payment. Rejects with a GatewayError when the partner cannot answer.
   */
  lookupTransfer(reference: string): Promise<PartnerTransfer | null>;
  /** Every payment into a dedicated account made in [from, to), from the partner's transaction list. */
  listTransfers(from: Date, to: Date): Promise<PartnerTransfer[]>;
}

/** How a real partner's adapter talks to it (through providerHttp.ts). */
export interface PartnerOptions {
  log: ProviderLog;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Consecutive failures that open the breaker, and how long it stays open (providerHttp.ts defaults). */
  failureThreshold?: number;
  coolDownMs?: number;
  /** First backoff between the attempts of an idempotent call (providerHttp.ts default). */
  retryDelayMs?: number;
  now?: () => number;
  /** What times a call out (providerHttp.ts; default the system's timers). */
  timeouts?: Timeouts;
}

/** A real partner's HTTP client, configured the same way for each: `logFields` are the safe fields of its answers. */
export function partnerHttp(
  provider: string,
  baseUrl: string,
  options: PartnerOptions,
  logFields: string[],
): ProviderHttp {
  return new ProviderHttp({
    provider,
    baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    log: options.log,
    failureThreshold: options.failureThreshold,
    coolDownMs: options.coolDownMs,
    retryDelayMs: options.retryDelayMs,
    now: options.now,
    timeouts: options.timeouts,
    logFields,
  });
}

/** How money reached us: a bank transfer into a dedicated account, or a card payment at the checkout. */
export type PaymentChannel = 'transfer' | 'card' | 'other';

/** A payment as the partner's records hold it. */
export interface PartnerTransfer {
  reference: string;
  channel: PaymentChannel;
  /** ISO code as the partner writes it; null when the record names none (then it confirms nothing). */
  currency: string | null;
  /** `paid`: the partner holds the money for us. Anything else is not money (yet). */
  status: 'paid' | 'pending' | 'failed';
  /** The partner's own word for the status (PAID, OVERPAID, success, abandoned...), for the operator. */
  partnerStatus: string;
  amountKobo: bigint;
  /** The dedicated account paid into, when the record names it. */
  accountNumber: string | null;
  /** Our reference of the account's owner (virtualAccounts.ts customerReference), when the record names it. */
  customerReference: string | null;
  /** The paying customer's e-mail as the partner knows it (a card payment's), when the record names it. */
  customerEmail: string | null;
  paidAt: Date | null;
  /**
   * Set when the partner's own record says the payment is no money whatever its status (Paystack:
   * one made in the other mode than our key's, `domain: "test"` to a live key): why. Such a
   * payment is disputed, never credited.
   */
  refusal?: string;
}

/** A partner's hosted card checkout (Paystack Standard): the customer pays on the partner's page, never ours. */
export interface CardGateway {
  /**
   * Starts a payment of `chargedKobo` under our reference: the one-time URL of the partner's
   * checkout. Paystack sends the customer back to `callbackUrl` with `?trxref=&reference=`
   * appended, or to `cancelUrl` when they cancel. Not retried: a lost answer leaves an unused
   * reference, never a charge.
   */
  initialize(payment: CardPaymentStart): Promise<{ authorisationUrl: string }>;
  /**
   * The payment as the partner holds it (`GET /transaction/verify/:reference`), or null when it
   * knows no such reference.
   */
  verify(reference: string): Promise<PartnerTransfer | null>;
}

export interface CardPaymentStart {
  reference: string;
  email: string;
  chargedKobo: bigint;
  callbackUrl: string;
  cancelUrl: string;
}

/** A partner that can also play a customer's bank: development and tests (POST /dev/bank/transfer). */
export interface TransferSimulator {
  /** The partner's webhook for `transfer`: the exact body bytes and the headers, signed. */
  transferWebhook(transfer: SimulatedTransfer): { body: string; headers: Record<string, string> };
}

/**
 * A real partner whose base URL may be one of our fake servers: development asks it to take a
 * customer's payment (POST /dev/bank/transfer; gateways/sandboxPayments.ts). Answers our
 * webhook's status and body as the partner's delivery got them.
 */
export interface SandboxPayer {
  payInSandbox(transfer: SimulatedTransfer): Promise<{ status: number; body: unknown }>;
}

export interface BankCustomer {
  /** Our stable reference for the user at the partner. */
  reference: string;
  name: string;
  email: string;
  phone: string;
}

export interface AssignedAccount {
  bankName: string;
  /**
   * The account's name as the partner gives it (the identity holder's, with the partner's prefix);
   * null when it gives none.
   */
  accountName: string | null;
  /** CBN code of the partner bank: 3 digits (deposit money banks) or 6. */
  bankCode: string;
  /** 10-digit NUBAN. */
  accountNumber: string;
}

export interface IncomingTransfer {
  /** The partner's reference of this payment: credited at most once. */
  reference: string;
  amountKobo: bigint;
  /** The dedicated account that received the money. */
  accountNumber: string;
  senderName: string;
  senderBank: string;
  paidAt: Date | null;
}

export type WebhookEvent =
  | { kind: 'transfer'; transfer: IncomingTransfer }
  /** A card payment the partner reports as successful: confirmed with its verify call before anything is credited. */
  | { kind: 'card'; reference: string }
  /** News of a customer's validation or account assignment, confirmed by asking the partner about the customer. */
  | {
      kind: 'customer';
      customerCode: string;
      email: string | null;
      outcome: 'success' | 'failed';
      reason: string | null;
    }
  | { kind: 'ignored'; reason: string };

export interface SimulatedTransfer {
  accountNumber: string;
  amountKobo: bigint;
  reference: string;
  senderName: string;
  senderBank: string;
}

/** The partner banks of today's two dedicated accounts: Monnify's preferred ones, and the simulation's. */
export const WEMA_AND_STERLING = [
  { bankName: 'Wema Bank', bankCode: '035' },
  { bankName: 'Sterling Bank', bankCode: '232' },
] as const;

const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/** Names from another bank's system go into notifications: no control characters, bounded length. */
export function cleanText(value: string | null | undefined, fallback: string, maxLength = 100): string {
  const cleaned = (value ?? '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
  return cleaned || fallback;
}

/** A correctly signed body we cannot read: answered 422, so the partner's retries make it visible. */
export class WebhookPayloadError extends AppError {
  constructor(message: string) {
    super(422, message);
    this.name = 'WebhookPayloadError';
  }
}
