import type {
  Envelope,
  FetchTransactionsRequest,
  Paginated,
  RefreshTransactionRequest,
  Transaction,
} from '../../../core/contract';
import { callOk } from '../kit/http';

/** One page of the user's transactions, newest first, in the paginated list's shape of the contract. */
export const fetchTransactions = (
  request: FetchTransactionsRequest,
  signal?: AbortSignal,
): Promise<Envelope<Paginated<Transaction>>> =>
  callOk<Paginated<Transaction>>('/api/fetch-transactions', request, { signal });

/** Asks the server to requery a pending or processing transaction; the answer carries it as it now stands. */
export const refreshTransaction = (transactionId: number, signal?: AbortSignal): Promise<Envelope<Transaction>> =>
  callOk<Transaction>(
    '/api/refresh-transaction',
    { transaction_id: transactionId } satisfies RefreshTransactionRequest,
    { signal },
  );
