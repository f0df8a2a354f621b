import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors';

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
}

/** A partner that can also play a customer's bank: development and tests (POST /dev/bank/transfer). */
export interface TransferSimulator {
  /** The partner's webhook for `transfer`: the exact body bytes and the headers, signed. */
  transferWebhook(transfer: SimulatedTransfer): { body: string; headers: Record<string, string> };
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

/** A correctly signed body we cannot read: answered 422, so the partner's retries make it visible. */
export class WebhookPayloadError extends AppError {
  constructor(message: string) {
    super(422, message);
    this.name = 'WebhookPayloadError';
  }
}
