import { cashbackKobo, serviceOfCategory } from '../../../core/services';
import { CASHBACK_CATEGORY, recordedCashback, REWARDS_LABEL, WALLET_LABEL } from '../records/descriptions';
import type { StoredTransaction } from '../records/transactions';

/**
 * Cashback: a completed bill earns its service's rate (the service table's
 * `cashbackBasisPoints`), paid from the rewards account to the wallet through the ledger, as a
 * transaction of its own ('cashback') that points at the purchase. Only settling.ts calls this,
 * inside the transaction that completes the bill behind its guarded status change: so never for
 * a processing or canceled bill, and once however many settles race (the UNIQUE
 * rewarded_transaction_id would refuse a second one anyway).
 */

/** The cashback a completed purchase earns, in kobo; 0 when its service pays none. */
export function cashbackFor(purchase: StoredTransaction): bigint {
  const service = serviceOfCategory(purchase.category);
  return service ? cashbackKobo(service, purchase.amount_kobo) : 0n;
}

/**
 * The cashback's own transaction (category 'cashback', pointing at the purchase): what
 * settling.ts inserts with the completion, before the ledger moves the amount rewards → wallet.
 */
export function cashbackTransaction(purchase: StoredTransaction, amountKobo: bigint) {
  return {
    category: CASHBACK_CATEGORY,
    reference: `${purchase.reference}-CB`,
    from_label: REWARDS_LABEL.message,
    to_label: WALLET_LABEL.message,
    // The purchase's parts: the cashback's description names what earned it, in the reader's words.
    bill_parts: purchase.bill_parts,
    description: recordedCashback(amountKobo, purchase),
  };
}
