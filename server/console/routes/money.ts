import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nairaAmount, positiveId, requestBody } from '../../routes/fields';
import { success } from '../../routes/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from '../guard';
import { approveMoney, cancelMoney, GOODWILL_MAX_KOBO, listMoneyRequests, rejectMoney, requestMoney, type MoneyRules } from '../services/moneyRequests';
import { suspenseQueue } from '../services/suspenseQueue';
import { code, reason, writing } from './fields';

const createBody = requestBody({
  kind: z.enum(['suspense-match', 'suspense-return', 'goodwill-credit', 'goodwill-debit'], { error: 'kind must be suspense-match, suspense-return, goodwill-credit or goodwill-debit' }),
  amount: nairaAmount('amount', 'amount is required', GOODWILL_MAX_KOBO).optional(),
  customer_id: positiveId('customer_id').optional(),
  incoming_transfer_id: positiveId('incoming_transfer_id').optional(),
  reason,
  code,
});
const approveBody = requestBody({ request_id: positiveId('request_id'), code });
const rejectBody = requestBody({ request_id: positiveId('request_id'), note: writing('note', 3, 500) });
const requestBodyOnly = requestBody({ request_id: positiveId('request_id') });

const big = (value: number | undefined) => (value === undefined ? undefined : BigInt(value));

/** Finance's money work: the suspense queue and maker-checker requests. */
export function registerMoneyRoutes(app: FastifyInstance, ctx: AppContext, rules: MoneyRules) {
  app.post('/ops/api/suspense/list', { config: { access: { permission: 'suspense.read' } } }, async () => success('transfers in suspense', await suspenseQueue(ctx)));

  app.post('/ops/api/money/requests/list', { config: { access: { permission: 'money.request' } } }, async () => success('money requests', await listMoneyRequests(ctx, { queue: true })));

  app.post('/ops/api/money/requests/create', { config: { access: { permission: 'money.request' } } }, async (request, reply) => {
    const body = createBody.parse(request.body);
    const created = await requestMoney(ctx, actorOf(request), { kind: body.kind, amountKobo: body.amount, customerId: big(body.customer_id), incomingTransferId: big(body.incoming_transfer_id), reason: body.reason, code: body.code }, rules);
    reply.status(201);
    return success('request recorded: another finance user must approve it before any money moves', created);
  });

  app.post('/ops/api/money/requests/approve', { config: { access: { permission: 'money.decide' } } }, async (request) => {
    const body = approveBody.parse(request.body);
    return success('approved: the money has moved', await approveMoney(ctx, actorOf(request), BigInt(body.request_id), body.code, rules));
  });

  app.post('/ops/api/money/requests/reject', { config: { access: { permission: 'money.decide' } } }, async (request) => {
    const body = rejectBody.parse(request.body);
    return success('rejected: nothing moved', await rejectMoney(ctx, actorOf(request), BigInt(body.request_id), body.note, rules));
  });

  app.post('/ops/api/money/requests/cancel', { config: { access: { permission: 'money.request' } } }, async (request) => {
    const body = requestBodyOnly.parse(request.body);
    return success('cancelled: nothing moved', await cancelMoney(ctx, actorOf(request), BigInt(body.request_id)));
  });
}
