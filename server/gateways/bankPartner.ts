import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors';
import { ProviderHttp, type ProviderLog } from './providerHttp';

/**
 * A bank partner (Paystack, Monnify, a bank's own API...) that gives each user dedicated
 * accounts (NUBANs) and reports money paid into them by webhook. Plan for several: a partner
 * can lose its bank and switch funding off (reference/domain.md), so each account and each
 * transfer records which partner it belongs to.
 */
export interface BankPartner {
  /** Stable name stored with each account and transfer, e.g. 'simulated', 'paystack'. */
  readonly provider: string;
  /** The HTTP header carrying the webhook signature (lower case). */
  readonly signatureHeader: string;
  /**
   * The customer's dedicated accounts, one per partner bank. Real partners are idempotent per
   * customer reference (asking again answers the same accounts); the caller stores them
   * under unique constraints either way. Rejects with a GatewayError when the partner fails.
   */
  assignAccounts(customer: BankCustomer): Promise<AssignedAccount[]>;
  /** Whether the signature header matches the exact bytes received. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean;
  /**
   * Reads a verified webhook body: an incoming transfer to credit, or an event to acknowledge
   * and ignore. Throws WebhookPayloadError for a body it cannot read.
   */
  readWebhook(payload: unknown): WebhookEvent;
  /**
   * The partner's own records, asked before any credit (services/transferConfirmation.ts) and by
   * the daily reconciliation. Null for the simulated partner: it has no records but the webhooks
   * it signs, so its signature is all there is to check.
   */
  readonly records: TransferRecords | null;
}

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
  now?: () => number;
}

/** A real partner's HTTP client, configured the same way for each: `logFields` are the safe fields of its answers. */
export function partnerHttp(provider: string, baseUrl: string, options: PartnerOptions, logFields: string[]): ProviderHttp {
  return new ProviderHttp({
    provider,
    baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    log: options.log,
    failureThreshold: options.failureThreshold,
    coolDownMs: options.coolDownMs,
    now: options.now,
    logFields,
  });
}

/** A payment as the partner's records hold it. */
export interface PartnerTransfer {
  reference: string;
  /** `paid`: the partner holds the money for us. Anything else is not money (yet). */
  status: 'paid' | 'pending' | 'failed';
  /** The partner's own word for the status (PAID, OVERPAID, success, abandoned...), for the operator. */
  partnerStatus: string;
  amountKobo: bigint;
  /** The dedicated account paid into, when the record names it. */
  accountNumber: string | null;
  /** Our reference of the account's owner (virtualAccounts.ts customerReference), when the record names it. */
  customerReference: string | null;
  paidAt: Date | null;
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

export type WebhookEvent = { kind: 'transfer'; transfer: IncomingTransfer } | { kind: 'ignored'; reason: string };

export interface SimulatedTransfer {
  accountNumber: string;
  amountKobo: bigint;
  reference: string;
  senderName: string;
  senderBank: string;
}

/** The partner banks of today's two dedicated accounts (reference/domain.md): Monnify's, and the simulation's. */
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
