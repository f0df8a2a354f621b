import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { systemClock, type Clock } from '../clock';
import { nuban } from '../services/nuban';
import { WEMA_AND_STERLING, type AssignedAccount, type BankCustomer, type BankPartner, type SimulatedTransfer, type TransferSimulator, type WebhookEvent } from './bankPartner';
import { PAYSTACK_SIGNATURE_HEADER, paystackChargeSuccess, readPaystackEvent } from './paystackWebhook';
import { signHmacSha512, verifyHmacSha512 } from './webhookSignature';

/** The partner banks a dedicated-account provider typically offers (reference/domain.md). */
export const SIMULATED_BANKS = WEMA_AND_STERLING;

/**
 * The default bank partner: behaves like Paystack's dedicated virtual accounts without a
 * network. It assigns each customer a NUBAN at two partner banks (random serial, valid CBN
 * check digit) and speaks Paystack's webhook format and signature, keyed with
 * BANK_WEBHOOK_SECRET, so the webhook handler runs exactly as it would for the real partner.
 *
 * Unlike Paystack it keeps no record of its customers: asking twice for one customer yields
 * new numbers. The caller's unique constraints make the first stored accounts the only ones.
 */
export class SimulatedBank implements BankPartner, TransferSimulator {
  readonly provider = 'simulated';
  readonly signatureHeader = PAYSTACK_SIGNATURE_HEADER;
  readonly records = null;
  readonly #secret: string;
  readonly #clock: Clock;

  constructor(options: { webhookSecret: string; clock?: Clock }) {
    this.#secret = options.webhookSecret;
    this.#clock = options.clock ?? systemClock;
  }

  async assignAccounts(_customer: BankCustomer): Promise<AssignedAccount[]> {
    return SIMULATED_BANKS.map(({ bankName, bankCode }) => ({
      bankName,
      bankCode,
      accountNumber: nuban(bankCode, String(randomInt(100_000_000, 1_000_000_000))),
    }));
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyHmacSha512(this.#secret, rawBody, headers[this.signatureHeader]);
  }

  readWebhook(payload: unknown): WebhookEvent {
    return readPaystackEvent(payload);
  }

  transferWebhook(transfer: SimulatedTransfer): { body: string; headers: Record<string, string> } {
    const receiverBank = receiverBankOf(transfer.accountNumber);
    const body = JSON.stringify(paystackChargeSuccess({ ...transfer, receiverBank, paidAt: this.#clock.now(), id: randomInt(1_000_000_000, 2_000_000_000) }));
    return { body, headers: { 'content-type': 'application/json', [this.signatureHeader]: signHmacSha512(this.#secret, body) } };
  }
}

/** The partner bank whose check digit the number carries (Wema first); only shown in the payload. */
function receiverBankOf(accountNumber: string): string {
  const bank = SIMULATED_BANKS.find(({ bankCode }) => /^\d{10}$/.test(accountNumber) && nuban(bankCode, accountNumber.slice(0, 9)) === accountNumber);
  return bank?.bankName ?? SIMULATED_BANKS[0].bankName;
}

/** A reference shaped like a NIP session id: sender institution code, yyMMddHHmmss, 12 random digits. */
export function simulatedTransferReference(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  return `100004${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
