import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId, requestBody } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import type { RequeryHooks } from '../../services/records/transactions';
import { actorOf } from './guard';
import { customerPage, decideAddress, revokeCustomerSessions, searchCustomers } from '../services/customers';
import { requeryBill, type RequeryNow } from '../services/transactions';
import { writing } from './fields';

const searchBody = requestBody({
  query: z
    .string({ error: 'type what the customer told you' })
    .trim()
    .min(2, 'type at least two characters')
    .max(100, 'the search is too long'),
});
const customerBody = requestBody({ customer_id: positiveId('customer_id') });
const revokeBody = requestBody({
  customer_id: positiveId('customer_id'),
  session_id: positiveId('session_id').nullish(),
});
const requeryBody = requestBody({ transaction_id: positiveId('transaction_id') });
const addressBody = requestBody({
  customer_id: positiveId('customer_id'),
  verified: z.boolean({ error: 'verified must be true or false' }),
  note: writing('note', 10, 500),
});

/** Support's customer work: search, the customer's page, sessions, requery, the address decision. */
export function registerCustomerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requeries: RequeryHooks,
  requeryNow: RequeryNow,
) {
  app.post('/ops/api/customers/search', { config: { access: { permission: 'customers.read' } } }, async (request) => {
    const { query } = searchBody.parse(request.body);
    const hits = await searchCustomers(ctx, actorOf(request), query);
    return success(
      hits.length ? `${hits.length} customer${hits.length === 1 ? '' : 's'} found` : 'no customer matches',
      hits,
    );
  });

  app.post('/ops/api/customers/view', { config: { access: { permission: 'customers.read' } } }, async (request) => {
    const { customer_id } = customerBody.parse(request.body);
    return success('customer', await customerPage(ctx, actorOf(request), BigInt(customer_id)));
  });

  app.post(
    '/ops/api/customers/revoke-sessions',
    { config: { access: { permission: 'customers.sessions' } } },
    async (request) => {
      const body = revokeBody.parse(request.body);
      const ended = await revokeCustomerSessions(
        ctx,
        actorOf(request),
        BigInt(body.customer_id),
        body.session_id ? BigInt(body.session_id) : null,
      );
      return success(`${ended} session${ended === 1 ? '' : 's'} ended`, { ended });
    },
  );

  app.post(
    '/ops/api/customers/requery',
    { config: { access: { permission: 'customers.requery' } } },
    async (request) => {
      const { transaction_id } = requeryBody.parse(request.body);
      const transaction = await requeryBill(ctx, actorOf(request), requeries, requeryNow, BigInt(transaction_id));
      return success(`the bill is ${transaction.status}`, transaction);
    },
  );

  app.post(
    '/ops/api/customers/address-decision',
    { config: { access: { permission: 'customers.address' } } },
    async (request) => {
      const body = addressBody.parse(request.body);
      return success(
        'decision recorded',
        await decideAddress(ctx, actorOf(request), BigInt(body.customer_id), body.verified, body.note),
      );
    },
  );
}
