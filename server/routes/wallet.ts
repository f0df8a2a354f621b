import type { FastifyInstance } from 'fastify';
import { ACTIVITIES_PAGE_SIZE } from '../../core/limits';
import type { BankPartner } from '../gateways/bankPartner';
import type { AppContext } from '../services/context';
import { listTransactions, refreshTransaction, type RequeryHooks } from '../services/transactions';
import { ensureVirtualAccounts } from '../services/virtualAccounts';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { positiveId, requestBody, wholeNumber } from './fields';

export interface WalletRouteDeps {
  ctx: AppContext;
  bank: BankPartner;
  requeries: RequeryHooks;
}

/** Pages beyond this are not a list anyone reads; the cap keeps OFFSET bounded. */
const MAX_PAGE = 100_000;
const MAX_PAGE_SIZE = 50;

const fetchTransactionsBody = requestBody({
  pagination: wholeNumber('pagination', 1, MAX_PAGE_SIZE, ACTIVITIES_PAGE_SIZE),
  page: wholeNumber('page', 1, MAX_PAGE, 1),
});

const refreshBody = requestBody({ transaction_id: positiveId('transaction_id') });

/** Funding accounts and the activity list. */
export function registerWalletRoutes(app: FastifyInstance, { ctx, bank, requeries }: WalletRouteDeps) {
  const session = requireSession(ctx);

  /** No body: the SPA calls it from /funding when the user has no account yet (SPEC.md §4). */
  app.post('/api/create-accounts', { preHandler: session }, async (request) => {
    const accounts = await ensureVirtualAccounts(ctx, bank, authOf(request).userId);
    return success('accounts fetched successfully', accounts);
  });

  // The body may be absent altogether: both fields have defaults.
  app.post('/api/fetch-transactions', { preHandler: session }, async (request) => {
    const { pagination, page } = fetchTransactionsBody.parse(request.body ?? {});
    return success('transactions fetched successfully', await listTransactions(ctx, authOf(request).userId, page, pagination));
  });

  app.post('/api/refresh-transaction', { preHandler: session }, async (request) => {
    const { transaction_id } = refreshBody.parse(request.body);
    const { requeried, transaction } = await refreshTransaction(ctx, authOf(request).userId, transaction_id, requeries);
    return success(requeried ? 'transaction status refreshed' : `transaction already ${transaction.status}`, transaction);
  });
}
