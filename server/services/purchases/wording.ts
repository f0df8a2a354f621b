import type { Envelope, Transaction } from '../../../core/contract';
import { formatNaira, koboToNaira } from '../../../core/money';
import type { Words } from '../../../core/i18n/words';
import { PHONE_INVALID } from '../../../core/phone';
import type { ServiceKey } from '../../../core/services';
import type { Receipt } from '../../gateways/biller';
import { describe } from '../records/descriptions';
import { toTransaction, type StoredTransaction } from '../records/transactions';
import { t } from '../../i18n';

/** What a purchase says: its refusals, its description, its answer and its notification. */

export const PROVIDER_NOT_AVAILABLE = /*i18n*/ {
  id: 'purchase.refused.provider',
  message: 'the selected provider is not available for this service',
};
export const packageNotAvailable = /*i18n*/ {
  id: 'purchase.refused.plan',
  message: 'the selected plan is not available for this provider',
};
export const PACKAGE_NOT_AVAILABLE = packageNotAvailable.message;
export const PACKAGE_REQUIRED = /*i18n*/ {
  id: 'purchase.refused.planRequired',
  message: 'please choose a plan for this provider',
};
/** The plan chosen was repriced by the catalogue sync since the screen showed it: nothing is charged. */
export const planPriceChanged = /*i18n*/ {
  id: 'purchase.refused.repriced',
  message: 'the price of this plan has just changed; please choose it again to see the new price',
};
export const PLAN_PRICE_CHANGED = planPriceChanged.message;
/** A purchase or a schedule sent without its pin (and no passkey). */
export const PIN_REQUIRED = /*i18n*/ {
  id: 'purchase.refused.pinRequired',
  message: 'please enter your transaction pin',
};
export const KEY_REUSED = /*i18n*/ {
  id: 'purchase.refused.keyReused',
  message: 'this idempotency key was used for a different request',
};
export const KEY_IN_PROGRESS = /*i18n*/ {
  id: 'purchase.refused.keyBusy',
  message: 'a request with this idempotency key is still being processed, please try again shortly',
};
export const PIN_NOT_SET = /*i18n*/ {
  id: 'purchase.refused.noPin',
  message: 'please set your transaction pin before making a purchase',
};
const purchaseProcessing = /*i18n*/ {
  id: 'purchase.processing',
  message: 'your purchase is processing, we will notify you once it is completed',
};
const purchaseFailed = /*i18n*/ {
  id: 'purchase.failed',
  message: 'the biller could not complete this purchase; your wallet has been refunded',
};
/** The English answers (the product's wording): a purchase says them in the buyer's language. */
export const PURCHASE_PROCESSING = purchaseProcessing.message;
export const PURCHASE_FAILED = purchaseFailed.message;
/**
 * Answered with PURCHASE_FAILED: a biller failure, not the client's, and the status tells the same
 * story as the envelope.
 */
export const PURCHASE_FAILED_STATUS = 502;

/** What a purchase answered, stored under its Idempotency-Key and answered again on a replay. */
export interface PurchaseResponse {
  status: number;
  body: Envelope<Transaction>;
}

/**
 * A number a service's rule cannot read (the service table's `normalise`), refused in the
 * request's language: only the server says it, so the app's pages do not carry it.
 */
export const BENEFICIARY_INVALID: Record<ServiceKey, Words> = {
  airtime: PHONE_INVALID,
  internet: PHONE_INVALID,
  electricity: /*i18n*/ { id: 'buy.meter.invalid', message: 'meter number must be 11 to 13 digits' },
  betting: /*i18n*/ { id: 'buy.account.invalid', message: 'betting account id must be 4 to 20 digits' },
  cable: /*i18n*/ { id: 'buy.card.invalid', message: 'smartcard number must be 10 or 11 digits' },
  education: /*i18n*/ {
    id: 'buy.idNo.invalid',
    message: 'please enter the JAMB profile code (10 letters or digits) or an 11-digit phone number',
  },
};

/** What the customer must keep, as the transaction shows it, and what the description gains. */
export function displayOf(receipt: Receipt): { display_name: string; display_value: string; suffix: string } | null {
  if (receipt.token)
    return { display_name: 'Token', display_value: receipt.token, suffix: receipt.units ? `: ${receipt.units}` : '' };
  if (receipt.pin)
    return {
      display_name: 'PIN',
      display_value: receipt.serial ? `Serial: ${receipt.serial} PIN: ${receipt.pin}` : `PIN: ${receipt.pin}`,
      suffix: '',
    };
  return null;
}

/**
 * What the customer must keep of a delivered bill, after `base`: its token, or its pin and serial.
 * Said in the current language (server/i18n.ts), as is everything a purchase tells its buyer: the
 * buyer's, whoever settles it (the callers see to it).
 */
function withWhatToKeep(base: string, row: StoredTransaction): string {
  if (row.display_name === 'Token')
    return t(
      /*i18n*/ { id: 'purchase.token', message: '{said}. Token : {token}' },
      {
        said: base,
        token: row.display_value,
      },
    );
  return row.display_name === 'PIN' ? `${base}. ${row.display_value}` : base;
}

function successMessage(row: StoredTransaction, cashbackKobo: bigint | null): string {
  const successful = t(
    /*i18n*/ { id: 'purchase.successful', message: 'purchase successful: {description}' },
    {
      description: describe(row),
    },
  );
  const delivered = withWhatToKeep(successful, row);
  // A sentence of its own after the SPEC's message, which stays as it is.
  return cashbackKobo ? `${delivered}. ${cashbackSentence(cashbackKobo)}` : delivered;
}

export const cashbackSentence = (cashbackKobo: bigint) =>
  t(
    /*i18n*/ { id: 'purchase.cashback', message: 'You earned {amount} cashback.' },
    {
      amount: formatNaira(koboToNaira(cashbackKobo)),
    },
  );

/** The response a purchase answers for its transaction's state. */
export function responseFor(row: StoredTransaction): PurchaseResponse {
  const data = toTransaction(row);
  if (row.status === 'completed')
    return { status: 200, body: { type: 'success', message: successMessage(row, row.cashback_kobo), data } };
  if (row.status === 'canceled')
    return { status: PURCHASE_FAILED_STATUS, body: { type: 'error', message: t(purchaseFailed), data } };
  return { status: 200, body: { type: 'success', message: t(purchaseProcessing), data } };
}

/** Why a bill was refunded: the biller said it failed, or did not confirm it by its 24-hour deadline. */
export type RefundCause = 'failed' | 'deadline';

/**
 * The notification of a bill's final state: what was delivered (and the cashback it earns), or that
 * the wallet was refunded, and why when it was the 24-hour deadline (`refund` 'deadline').
 */
export function finalNotification(
  row: StoredTransaction,
  cashbackKobo: bigint,
  refund: RefundCause | null = null,
): { title: string; content: string } {
  const values = {
    description: describe(row),
    amount: formatNaira(koboToNaira(row.amount_kobo)),
    reference: row.reference,
  };
  if (row.status === 'completed')
    return {
      title: t(/*i18n*/ { id: 'notice.successfulTitle', message: 'Purchase successful' }),
      content: t(
        /*i18n*/ { id: 'notice.successful', message: '{said} (ref {reference})' },
        {
          said: successMessage(row, cashbackKobo),
          reference: row.reference,
        },
      ),
    };
  if (refund === 'deadline')
    return {
      title: t(
        /*i18n*/ { id: 'notice.refundedAtDeadlineTitle', message: 'Purchase refunded: not confirmed within 24 hours' },
      ),
      content: t(
        /*i18n*/ {
          id: 'notice.refundedAtDeadline',
          message:
            'Your purchase of {description} was refunded because the biller did not confirm it within 24 hours. ' +
            '{amount} has been returned to your wallet in full. If it still arrives, it is yours at no charge. ' +
            '(ref {reference})',
        },
        values,
      ),
    };
  return {
    title: t(/*i18n*/ { id: 'notice.failedTitle', message: 'Purchase failed: wallet refunded' }),
    content: t(
      /*i18n*/ {
        id: 'notice.failed',
        message:
          'Your purchase of {description} could not be completed. {amount} has been returned to your wallet. ' +
          '(ref {reference})',
      },
      values,
    ),
  };
}

/**
 * The notification of a bill refunded at its deadline that the biller delivered after all: what
 * arrived (the token or pin to keep) is the customer's at no charge, and the refund stays theirs.
 */
export function lateDeliveryNotification(row: StoredTransaction): { title: string; content: string } {
  const delivered = t(
    /*i18n*/ { id: 'notice.lateDelivered', message: 'Your purchase of {description} was delivered after all' },
    { description: describe(row) },
  );
  return {
    title: t(/*i18n*/ { id: 'notice.lateTitle', message: 'Purchase delivered after its refund: yours at no charge' }),
    content: t(
      /*i18n*/ {
        id: 'notice.late',
        message:
          '{said}. It is yours at no charge: the {amount} refunded to your wallet stays there. (ref {reference})',
      },
      {
        said: withWhatToKeep(delivered, row),
        amount: formatNaira(koboToNaira(row.amount_kobo)),
        reference: row.reference,
      },
    ),
  };
}
