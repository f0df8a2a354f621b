import type { Transaction, TransactionStatus } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';

export type StatusColour = 'orange' | 'yellow' | 'green' | 'gray';
export type StatusIconName = 'rotating' | 'check' | 'cross';

export interface StatusLook {
  label: string;
  colour: StatusColour;
  icon: StatusIconName;
}

/** How each status is shown; the label goes beside the icon so colour is never the only signal. */
export const STATUS_LOOK: Record<TransactionStatus, StatusLook> = {
  pending: { label: 'Pending', colour: 'orange', icon: 'rotating' },
  processing: { label: 'Processing', colour: 'yellow', icon: 'rotating' },
  completed: { label: 'Completed', colour: 'green', icon: 'check' },
  canceled: { label: 'Canceled', colour: 'gray', icon: 'cross' },
};

/** Each status's label (STATUS_LOOK's English) for a screen or receipt to say in the reader's language. */
export const STATUS_WORDS: Record<TransactionStatus, Words> = {
  pending: /*i18n*/ { id: 'records.status.pending', message: 'Pending' },
  processing: /*i18n*/ { id: 'records.status.processing', message: 'Processing' },
  completed: /*i18n*/ { id: 'records.status.completed', message: 'Completed' },
  canceled: /*i18n*/ { id: 'records.status.canceled', message: 'Canceled' },
};

/** A settled transaction opens its details (and receipt) when tapped: nothing about it will change. */
export const opensDetail = (status: TransactionStatus): boolean => status === 'completed' || status === 'canceled';

/** An unsettled one asks the server to check on it instead: its outcome may have come since. */
export const needsRefresh = (status: TransactionStatus): boolean => status === 'pending' || status === 'processing';

/**
 * A bill still processing this long after it was placed is offered a report by itself (the
 * 2026 NCC/CBN direction on pending bills asks that a customer be able to escalate at 24 hours).
 * Here rather than with the reports' reasons (core/problemReports.ts): the app alone applies it,
 * on the activity list, whose first visit then does not download the reasons.
 */
export const PENDING_REPORT_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Still unsettled a day after it was placed: checking on it opens its details, which
 * offer to report the problem (the 2026 NCC/CBN direction on pending bills).
 */
export const stuckUnsettled = (transaction: Pick<Transaction, 'status' | 'created_at'>, now: number): boolean =>
  needsRefresh(transaction.status) && now - new Date(transaction.created_at).getTime() >= PENDING_REPORT_AFTER_MS;
