import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Transaction, TransactionPage, VirtualAccount } from '../../core/contract';
import { ACTIVITIES_PAGE_SIZE } from '../../core/limits';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import {
  listTransactions,
  refreshTransaction,
  type Refreshed,
  type RequeryHooks,
} from '../services/records/transactions';
import { identityMessages } from '../../core/words/identity';
import { AppError } from '../errors';
import { hasVerifiedIdentity } from '../services/identity/identity';
import { listVirtualAccounts } from '../services/funding/virtualAccounts';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { noFields, routeDoc } from '../http/openapi';
import { positiveId, requestBody, wholeNumber } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';
import { t } from '../i18n';

export interface WalletRouteDeps {
  ctx: AppContext;
  requeries: RequeryHooks;
  limits: RateLimits;
}

/** Pages beyond this are not a list anyone reads; the cap keeps OFFSET bounded. */
const MAX_PAGE = 100_000;
const MAX_PAGE_SIZE = 50;

const fetchTransactionsBody = requestBody({
  pagination: wholeNumber('pagination', 1, MAX_PAGE_SIZE, ACTIVITIES_PAGE_SIZE),
  page: wholeNumber('page', 1, MAX_PAGE, 1),
});

const refreshBody = requestBody({ transaction_id: positiveId('transaction_id') });

export const checkedRecently = /*i18n*/ {
  id: 'txn.refused.checkedRecently',
  message: 'this transaction was checked moments ago, please wait a few seconds',
};
export const CHECKED_RECENTLY = checkedRecently.message;

/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  accounts: /*i18n*/ { id: 'wallet.done.accounts', message: 'accounts fetched successfully' },
  accountsComing: /*i18n*/ {
    id: 'wallet.done.accountsComing',
    message: 'your account numbers are being created; see Fund Wallet',
  },
  transactions: /*i18n*/ { id: 'wallet.done.transactions', message: 'transactions fetched successfully' },
  refreshed: /*i18n*/ { id: 'txn.done.refreshed', message: 'transaction status refreshed' },
  // Only a final status is said here (the English says the status's own word).
  final: /*i18n*/ {
    id: 'txn.done.final',
    message: 'transaction already {status, select, completed {completed} canceled {canceled} other {{status}}}',
  },
};

/** A refresh that did not ask the biller says why: the transaction is final, or was asked about moments ago. */
function refreshMessage({ outcome, transaction }: Refreshed): string {
  if (outcome === 'final') return t(done.final, { status: transaction.status });
  return t(outcome === 'checked-recently' ? checkedRecently : done.refreshed);
}

/** Funding accounts and the activity list. */
export function registerWalletRoutes(app: FastifyInstance, { ctx, requeries, limits }: WalletRouteDeps) {
  const session = requireSession(ctx);

  /**
   * No body (the app's call from /funding). Identity first: the partners open a user's
   * accounts when a BVN or NIN is verified (POST /api/funding/identity, or the profile), since
   * they require the number and it is never kept; this answers the accounts they opened, and
   * refuses a user with no verified identity, saying what to do. POST /api/funding tells where
   * each partner stands.
   */
  app.post(
    '/api/create-accounts',
    {
      schema: routeDoc({
        summary: 'The dedicated bank accounts that fund the wallet (opened when a BVN or NIN is verified)',
        tags: ['wallet'],
        auth: true,
        body: noFields,
        data: z.array(VirtualAccount),
        errors: [403, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'createAccounts', byAccount)],
    },
    async (request) => {
      const { userId } = authOf(request);
      const identity = await hasVerifiedIdentity(ctx, userId);
      if (!identity.bvn && !identity.nin) throw new AppError(403, t(identityMessages.identityRequired));
      const accounts = await listVirtualAccounts(ctx, userId);
      return success(accounts.length > 0 ? t(done.accounts) : t(done.accountsComing), accounts);
    },
  );

  // The body may be absent altogether: both fields have defaults.
  app.post(
    '/api/fetch-transactions',
    {
      schema: routeDoc({
        summary: 'Transactions, newest first, paginated',
        tags: ['wallet'],
        auth: true,
        body: fetchTransactionsBody,
        data: TransactionPage,
        errors: [422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'fetchTransactions', byAccount)],
    },
    async (request) => {
      const { pagination, page } = fetchTransactionsBody.parse(request.body ?? {});
      return success(t(done.transactions), await listTransactions(ctx, authOf(request).userId, page, pagination));
    },
  );

  // Limited per account, and each bill is requeried at most every few seconds (settling.ts).
  app.post(
    '/api/refresh-transaction',
    {
      schema: routeDoc({
        summary: 'Ask again about a pending transaction',
        tags: ['wallet'],
        auth: true,
        body: refreshBody,
        data: Transaction,
        errors: [404, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'refreshTransaction', byAccount)],
    },
    async (request) => {
      const { transaction_id } = refreshBody.parse(request.body);
      const refreshed = await refreshTransaction(ctx, authOf(request).userId, transaction_id, requeries);
      return success(refreshMessage(refreshed), refreshed.transaction);
    },
  );
}
