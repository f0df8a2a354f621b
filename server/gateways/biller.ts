import type { MerchantDetails } from '../../core/contract';
import type { ServiceCategory } from '../../core/services';

/**
 * A bill-payment aggregator (VTpass, CreditSwitch, ...): docs/domain.md, "How an aggregator
 * behaves". One `pay` per bill under our unique request id; the answer is delivered, failed
 * (definitive: the customer was not charged; or ambiguous), or pending — and an ambiguous
 * failure or no answer at all (a timeout, a dropped connection, a thrown error) must be treated
 * as pending too: only a definitive failure, or a later `requery` saying failed, allows a refund.
 */
export interface Biller {
  /** Stable name, stored with each bill and naming what the ledger holds as owed to this biller. */
  readonly name: string;
  /** Sends a bill. Rejecting (network, timeout) means "no answer": the caller keeps the bill pending. */
  pay(bill: Bill): Promise<BillOutcome>;
  /** Asks what became of a bill sent earlier under `bill.requestId`. */
  requery(bill: Bill): Promise<BillOutcome>;
  /**
   * Looks a customer up before paying (meter, betting account, smartcard, exam profile).
   * Answers null when the biller has no such customer. Rejects with a GatewayError when the
   * biller cannot be reached.
   */
  verify(customer: CustomerLookup): Promise<MerchantDetails | null>;
  /**
   * Throws a GatewayError (its message for the user) while the biller is known to be down (a
   * real adapter's circuit breaker is open), so a purchase is refused before money is reserved.
   */
  assertAvailable?(): void;
}

export interface Bill {
  /** Ours, unique per bill; the biller refuses a reused one. */
  requestId: string;
  category: ServiceCategory;
  /** Our catalogue codes (providers.code, packages.code); an adapter maps them to its own. */
  providerCode: string;
  packageCode: string | null;
  /** Normalised: a phone number as 0XXXXXXXXXX, a meter, smartcard, account or profile code. */
  beneficiary: string;
  amountKobo: bigint;
  /**
   * The paying user's phone (0XXXXXXXXXX): aggregators ask for a contact number with bills not paid
   * to a phone. Set on pay only.
   */
  customerPhone?: string;
}

export interface CustomerLookup {
  category: ServiceCategory;
  providerCode: string;
  beneficiary: string;
}

/** What the customer must keep, when the bill delivers one. */
export interface Receipt {
  /** Prepaid electricity: 20 digits. */
  token?: string;
  /** Prepaid electricity, e.g. '79.9 kWh'. */
  units?: string;
  /** Exam pins. */
  serial?: string;
  pin?: string;
}

export type BillOutcome =
  | { status: 'delivered'; receipt: Receipt }
  /**
   * The biller answered with a failure. `definitive`: the answer proves the bill was not
   * delivered and not charged (a decline the aggregator documents as final, or a requery's
   * "failed"), so it may be refunded at once. An ambiguous one (a system error, a code the
   * adapter does not know) may hide a delivered bill: it is treated as pending and requeried,
   * and refunded only when a requery says failed: a refund for a delivered bill is money lost.
   */
  | { status: 'failed'; reason: string; definitive: boolean }
  /** Not known yet: requery later; never refund on this. */
  | { status: 'pending' };
